import { type ReactNode, useId, useState } from 'react';
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

/**
 * A destructive action confirmed with optional remarks (the passenger's e-mail carries them):
 * rejecting one ticket, or every pending booking of an address. The remarks are forgotten when
 * the dialog closes.
 */
export function RemarksDialog({
  open,
  onOpenChange,
  title,
  description,
  placeholder,
  busy,
  disabled = false,
  icon,
  submitLabel,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  placeholder: string;
  busy: boolean;
  disabled?: boolean;
  icon: ReactNode;
  submitLabel: string;
  onSubmit: (remarks: string) => void;
  /** What the action applies to, above the remarks. */
  children?: ReactNode;
}) {
  const [remarks, setRemarks] = useState('');
  const fieldId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setRemarks('');
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(remarks.trim());
          }}
        >
          {children}
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>Remarks (optional)</Label>
            <Textarea
              id={fieldId}
              value={remarks}
              maxLength={1000}
              onChange={(event) => setRemarks(event.target.value)}
              placeholder={placeholder}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy || disabled}>
              {busy ? <Spinner /> : icon}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
