import { Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card.tsx';
import { Spinner } from './ui/spinner.tsx';

/**
 * A card of the admin's settings screens: its title (with the id `titleId`, which names the
 * card's form), what it sets, then `children` (the form, ending with its SaveButton).
 */
export function SettingsCard({
  titleId,
  title,
  description,
  testId,
  children,
}: {
  titleId: string;
  title: string;
  description: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * A settings form's submit: 'Saving...' with a spinner, and disabled, while the save runs; above
 * it, announced, `error`: the server's refusal that is about no one field.
 */
export function SaveButton({
  saving,
  error,
  children,
}: {
  saving: boolean;
  error?: string | undefined;
  children: string;
}) {
  return (
    <div className="grid gap-3">
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner /> : <Save aria-hidden="true" />}
          {saving ? 'Saving...' : children}
        </Button>
      </div>
    </div>
  );
}
