import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { partnerGuestPatchSchema } from '#shared/partners.ts';
import { InputField } from '#web/components/sale/field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { PARTNER_KEY, renameGuest } from './api.ts';

type Guest = { position: number; name: string; nationality: string };

/**
 * A guest's name (and nationality) corrected in place, until the departure leaves; the e-ticket
 * is issued again with it.
 */
export function RenameGuest({
  reference,
  guest,
  onDone,
}: {
  reference: string;
  guest: Guest;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(guest.name);
  const [nationality, setNationality] = useState(guest.nationality);
  const [problems, setProblems] = useState<{ name?: string; nationality?: string; form?: string }>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.select(), []);
  const id = `partner-rename-${reference}-${guest.position}`;

  const rename = useMutation({
    mutationFn: (body: { name: string; nationality: string }) => renameGuest(reference, guest.position, body),
    onSuccess: (booking) => {
      toast.success(`Guest renamed: ${booking.passengers.find((p) => p.position === guest.position)?.name}`);
      void queryClient.invalidateQueries({ queryKey: [...PARTNER_KEY, 'bookings'] });
      onDone();
    },
    onError: (error) =>
      setProblems({
        name: error instanceof ApiError ? error.fields?.name : undefined,
        nationality: error instanceof ApiError ? error.fields?.nationality : undefined,
        form: errorMessage(error),
      }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = partnerGuestPatchSchema.safeParse({ name, nationality });
    if (!parsed.success) {
      const found: typeof problems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name' || field === 'nationality') found[field] ??= issue.message;
      }
      setProblems(found);
      document.getElementById(found.name ? `${id}-name` : `${id}-nationality`)?.focus();
      return;
    }
    rename.mutate(parsed.data);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Correct ${guest.name}’s name`}
      className="mt-2 space-y-3 rounded-xl border border-sky-200 bg-sky-50 p-3"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <InputField
          ref={first}
          id={`${id}-name`}
          label="Full name"
          error={problems.name}
          value={name}
          onValue={setName}
        />
        <InputField
          id={`${id}-nationality`}
          label="Nationality"
          list="partner-nationalities"
          error={problems.nationality}
          value={nationality}
          onValue={setNationality}
        />
      </div>
      {problems.form && (
        <p role="alert" className="text-sm text-red-800">
          {problems.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? <Spinner className="size-4" /> : null}
          Save the name
        </Button>
        <Button variant="outline" onClick={onDone} disabled={rename.isPending}>
          Keep it as it was
        </Button>
      </div>
    </form>
  );
}
