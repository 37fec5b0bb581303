import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/api-client.ts';

/**
 * An action that must say why (a void, reopening boarding): a reason checked by the shared rule
 * the server applies, under the field with the focus on it when it fails, and the server's
 * refusal in its own words. The caller runs the action (`pending`, `error`); the reason typed is
 * forgotten when the dialog closes.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  reasonRule,
  cancelLabel,
  submitLabel,
  destructive = false,
  pending,
  error,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The shared schema's rule for the reason, whose message is shown when it fails. */
  reasonRule: z.ZodType<string>;
  cancelLabel: string;
  submitLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** The action's failure, shown in the dialog; null while there is none. */
  error: unknown;
  onSubmit: (reason: string) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        {/* Inside the content, which closing unmounts: a reopened dialog starts empty. */}
        <ReasonForm
          title={title}
          description={description}
          reasonRule={reasonRule}
          cancelLabel={cancelLabel}
          submitLabel={submitLabel}
          destructive={destructive}
          pending={pending}
          error={error}
          onCancel={() => onOpenChange(false)}
          onSubmit={onSubmit}
        />
      </DialogContent>
    </Dialog>
  );
}

function ReasonForm({
  title,
  description,
  reasonRule,
  cancelLabel,
  submitLabel,
  destructive,
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  title: string;
  description: ReactNode;
  reasonRule: z.ZodType<string>;
  cancelLabel: string;
  submitLabel: string;
  destructive: boolean;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reasonRule.safeParse(reason);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      document.getElementById(reasonId)?.focus();
      return;
    }
    setProblem(null);
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div>
        <Label htmlFor={reasonId}>Reason</Label>
        <Textarea
          id={reasonId}
          className="mt-1.5 min-h-20"
          value={reason}
          maxLength={300}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${reasonId}-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(null);
          }}
        />
        {problem && (
          <p id={`${reasonId}-error`} role="alert" className="mt-1 text-sm text-red-800">
            {problem}
          </p>
        )}
      </div>
      {error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {errorMessage(error)}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
          {pending ? <Spinner className="size-4" /> : null}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
