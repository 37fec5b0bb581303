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

/** A settings form's submit: 'Saving...' with a spinner, and disabled, while the save runs. */
export function SaveButton({ saving, children }: { saving: boolean; children: string }) {
  return (
    <div>
      <Button type="submit" disabled={saving}>
        {saving ? <Spinner /> : <Save aria-hidden="true" />}
        {saving ? 'Saving...' : children}
      </Button>
    </div>
  );
}
