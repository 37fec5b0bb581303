import { RotateCcw, Save } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type AdminText, TEXT_OVERRIDE_MAX_LENGTH } from '#shared/admin-api.ts';
import { PROBLEMS } from '#shared/api-errors.ts';
import { LANGUAGE_DIR, type Language } from '#shared/languages.ts';
import { Badge } from '#web/components/ui/badge.tsx';
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
import { toast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useRestoreText, useSaveText } from './api.ts';
import { LANGUAGE_LABEL, textFont } from './language-label.ts';

type Props = {
  /** The text being edited, as the list has it now. */
  text: AdminText;
  language: Language;
  onClose: () => void;
};

/** What the browser can tell at once; the server checks the ICU form and the placeholders. */
function localProblem(value: string): string | null {
  if (value.trim() === '') return PROBLEMS.text_required.message;
  if (value.length > TEXT_OVERRIDE_MAX_LENGTH) return PROBLEMS.text_too_long.message;
  return null;
}

/** The edit dialog of one text in one language; mounted while open, so each opening starts afresh. */
export function TextDialog({ text, language, onClose }: Props) {
  const id = useId();
  const save = useSaveText();
  const restore = useRestoreText();
  const shipped = text.defaults[language];
  const override = text.overrides[language];
  const [value, setValue] = useState(override ?? shipped);
  const [problem, setProblem] = useState<string | null>(null);

  const busy = save.isPending || restore.isPending;
  const where = `${LANGUAGE_LABEL[language]} text of ${text.id}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const local = localProblem(value);
    setProblem(local);
    if (local) return;
    save.mutate(
      { language, id: text.id, text: value },
      {
        onSuccess: () => {
          toast.success(`Saved the ${where}.`);
          onClose();
        },
        // The server's own words (a missing placeholder, a broken plural) stay in the dialog.
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  const onRestore = () => {
    restore.mutate(
      { language, id: text.id },
      {
        onSuccess: () => {
          toast.success(`Restored the default ${where}.`);
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  const fieldId = `${id}-text`;
  const problemId = `${id}-problem`;
  const countId = `${id}-count`;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit {LANGUAGE_LABEL[language]} text</DialogTitle>
          <DialogDescription>
            <span className="font-mono break-all">{text.id}</span>. Keep every placeholder in braces, such as{' '}
            {'{name}'}, and every numbered tag, such as {'<0>…</0>'}, as the default has them.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <p className="text-sm font-medium text-slate-800">Default</p>
            <p
              lang={language}
              dir={LANGUAGE_DIR[language]}
              className={cn(
                'rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700',
                textFont(language),
              )}
            >
              {shipped}
            </p>
          </div>
          <div className="grid gap-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={fieldId}>Text</Label>
              {override !== undefined ? <Badge variant="warning">Overridden</Badge> : null}
            </div>
            <Textarea
              id={fieldId}
              lang={language}
              dir={LANGUAGE_DIR[language]}
              rows={5}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${problemId} ${countId}` : countId}
              className={textFont(language)}
            />
            <p id={countId} className="text-xs text-slate-600">
              {value.length}/{TEXT_OVERRIDE_MAX_LENGTH} characters
            </p>
          </div>
          {problem ? (
            <p
              id={problemId}
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {problem}
            </p>
          ) : null}
          <DialogFooter className="sm:justify-between">
            <Button
              variant="outline"
              onClick={onRestore}
              disabled={busy || override === undefined}
              title={override === undefined ? 'This text shows its default already' : undefined}
            >
              {restore.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
              Restore default
            </Button>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
                {save.isPending ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
