// The parts the three disruption dialogs (cancel, delay, move; docs/decisions/026) share: the
// dialog's frame, the counts, the affected passengers, the call list with Print, the reason and
// the note, the progress line and the server's refusal.

import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronRight, Mail, Phone, Printer } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import type { AdminTrip } from '#shared/admin-api.ts';
import {
  CANCEL_REASON_LABELS,
  CANCEL_REASONS,
  type CancelPreview,
  type CancelReason,
  NOTICE_KIND_LABELS,
  type NoticeSample,
} from '#shared/disruptions.ts';
import type { Language } from '#shared/languages.ts';
import { DialogForm, type DialogFormProps, TitledDialog } from '#web/components/form-dialog.tsx';
import { ErrorNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { DHIVEHI_FIELD } from '#web/i18n/operator-text.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDay } from '#web/lib/dates.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { cn } from '#web/lib/utils.ts';
import { printCallList } from './print-call-list.ts';
import { routeName } from './route-name.ts';

type Passenger = CancelPreview['passengers'][number];

/**
 * What the disruption dialogs need of a departure: Ticketing's trip, or the Schedules screen's
 * schedule (departure-of-schedule.ts).
 */
export type Departure = Pick<
  AdminTrip,
  'scheduleId' | 'travelDate' | 'departureTime' | 'status' | 'from' | 'to' | 'stops'
>;

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type DisruptionDialogProps = {
  trip: Departure;
  /** The dialog's request: its refusal is forgotten when the dialog closes. */
  request: { isPending: boolean; reset: () => void };
  title: string;
  /** What the disruption does, after the departure's route and day. */
  description: string;
  children: (close: () => void) => ReactNode;
};

/**
 * A disruption dialog: it cannot be closed while its request runs, and it takes focus itself on
 * opening, so its title and description are read first, not a link.
 */
function DisruptionDialog({
  open,
  onOpenChange,
  trip,
  request,
  title,
  description,
  children,
}: DisruptionDialogProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const content = useRef<HTMLDivElement>(null);
  const change = (next: boolean) => {
    if (!next) request.reset();
    onOpenChange(next);
  };
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => !request.isPending && change(next)}
      title={title}
      description={`${routeName(trip)}, ${formatDay(trip.travelDate)}. ${description}`}
      ref={content}
      tabIndex={-1}
      className="max-w-2xl focus-visible:outline-none"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        content.current?.focus();
      }}
    >
      {children(() => change(false))}
    </TitledDialog>
  );
}

/**
 * A disruption's form: what it is about (its own fields and the preview, as children), the
 * reason and the note, the messages to be sent once a preview reaches someone, the request's
 * refusal or progress, then the way back (kept while the request runs) and the action.
 */
export function DisruptionForm({
  why,
  messages,
  refusal,
  progress,
  children,
  ...form
}: Omit<DialogFormProps, 'error' | 'errorId' | 'pendingLabel' | 'cancelDisabled'> & {
  /** The reason and the note: useReasonAndNote's fields. */
  why: ReactNode;
  /** The preview's messages, once it reaches someone; null until then. */
  messages: { messages: readonly NoticeSample[]; busy: boolean; hint: string } | null;
  /** The request's refusal, in the server's words. */
  refusal: unknown;
  /** What is being done while the request runs. */
  progress: ReactNode;
}) {
  return (
    <DialogForm {...form} cancelDisabled={form.pending}>
      {children}
      {why}
      {messages && <MessagesToPassengers {...messages} />}
      <SubmitState error={refusal} busy={form.pending}>
        {progress}
      </SubmitState>
    </DialogForm>
  );
}

export type FactItem = { term: string; value: number; testId: string };

/** The preview's counts: bookings, persons, e-mails, calls... */
export function Facts({ items }: { items: readonly FactItem[] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map(({ term, value, testId }) => (
        <div key={testId} className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-600">{term}</dt>
          <dd data-testid={testId} className="text-xl font-bold tabular-nums text-slate-900">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The counts every disruption preview starts with. */
export const passengerFacts = (
  prefix: string,
  preview: Pick<CancelPreview, 'passengers' | 'mails' | 'callList'>,
): FactItem[] => [
  { term: 'Bookings', value: preview.passengers.length, testId: `${prefix}-bookings` },
  {
    term: 'Persons',
    value: preview.passengers.reduce((sum, p) => sum + p.persons, 0),
    testId: `${prefix}-persons`,
  },
  { term: 'E-mails', value: preview.mails, testId: `${prefix}-mails` },
  { term: 'To call', value: preview.callList.length, testId: `${prefix}-calls` },
];

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A long list scrolls on its own, so the reason stays near; it takes focus to be scrolled. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1).
      tabIndex={0}
      className="max-h-56 overflow-y-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-sky-700"
    >
      <ul className="divide-y divide-slate-200">{children}</ul>
    </section>
  );
}

/** A booking in a disruption's lists: its reference, its passenger's name and its persons. */
export function BookingName({ booking }: { booking: { reference: string; name: string; persons: number } }) {
  return (
    <span className="min-w-0">
      <span className="font-mono text-xs text-slate-600">{booking.reference}</span>{' '}
      <span className="font-medium text-slate-900">{booking.name}</span>
      <span className="text-slate-600"> · {plural(booking.persons, 'person', 'persons')}</span>
    </span>
  );
}

/** Each affected booking: reference, name, persons, and the e-mail the notice goes to. */
export function AffectedPassengers({ passengers }: { passengers: readonly Passenger[] }) {
  return (
    <Section title="Passengers">
      <ScrollRegion label="Affected passengers">
        {passengers.map((p) => (
          <li
            key={p.ticketId}
            data-reference={p.reference}
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2 text-sm"
          >
            <BookingName booking={p} />
            {p.email ? (
              <span className="inline-flex min-w-0 items-center gap-1 text-slate-700">
                <Mail aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="min-w-0 break-words">{p.email}</span>
              </span>
            ) : (
              <span className="font-semibold text-amber-900">No e-mail</span>
            )}
          </li>
        ))}
      </ScrollRegion>
    </Section>
  );
}

/** The passengers with no e-mail, with numbers to call, and a Print of the list alone. */
export function CallList({
  trip,
  callers,
  printSubtitle,
}: {
  /** The disrupted departure: the printed list's title names its route. */
  trip: Departure;
  callers: CancelPreview['callList'];
  printSubtitle: string;
}) {
  if (callers.length === 0) return null;
  return (
    <Section title="Call list">
      <p className="text-sm text-slate-700">These passengers have no e-mail: call them.</p>
      <ul className="divide-y divide-slate-200 rounded-xl border border-amber-200 bg-amber-50">
        {callers.map((p) => (
          <li
            key={p.ticketId}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
          >
            <span>
              <span className="font-medium text-slate-900">{p.name}</span>{' '}
              <span className="font-mono text-xs text-slate-700">{p.reference}</span>
            </span>
            {p.phone ? (
              <a
                href={telHref(p.phone)}
                className="inline-flex min-h-9 items-center gap-1 font-semibold text-sky-800 underline underline-offset-2"
              >
                <Phone aria-hidden="true" className="size-3.5" />
                {p.phone}
              </a>
            ) : (
              <span className="text-slate-700">No phone</span>
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        className="justify-self-start"
        onClick={() => printCallList(`Call list: ${routeName(trip)}`, printSubtitle, callers)}
      >
        <Printer aria-hidden="true" />
        Print call list
      </Button>
    </Section>
  );
}

/** How long what is typed (the note, the times) stays the same before a preview is asked for it. */
export const PREVIEW_SETTLE_MS = 350;

/** The languages' names on the staff screens, which stay English. */
const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', dv: 'Dhivehi' };

/** One message as its passengers read it, in their language and writing direction. */
function MessageSample({ sample, showKind }: { sample: NoticeSample; showKind: boolean }) {
  const written =
    sample.language === 'dv' ? DHIVEHI_FIELD : { lang: sample.language, dir: 'ltr', className: '' };
  const what = [
    showKind ? NOTICE_KIND_LABELS[sample.kind] : null,
    LANGUAGE_LABELS[sample.language],
    plural(sample.count, 'passenger', 'passengers'),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <article
      aria-label={`${showKind ? `${NOTICE_KIND_LABELS[sample.kind]}, ` : ''}${LANGUAGE_LABELS[sample.language]}`}
      data-kind={sample.kind}
      data-language={sample.language}
      className="grid min-w-0 gap-1.5"
    >
      <p className="text-xs font-medium text-slate-700">
        {what} <span className="font-normal text-slate-600">· as booking {sample.reference} gets it</span>
      </p>
      <div
        lang={written.lang}
        dir={written.dir}
        className={cn(
          'grid min-w-0 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3',
          written.className,
        )}
      >
        {/* A long link breaks anywhere rather than widening the dialog on a phone; each line of
            the text takes its own direction, as a plain-text mail reads (a link in Dhivehi). */}
        <p data-testid="message-subject" className="font-semibold [overflow-wrap:anywhere] text-slate-900">
          {sample.subject}
        </p>
        <p
          data-testid="message-text"
          className="text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-800 [unicode-bidi:plaintext]"
        >
          {sample.text}
        </p>
      </div>
    </article>
  );
}

/**
 * The messages to be sent, one per language (and per kind, for a move): collapsed until opened,
 * so the counts and the reason stay in view. `hint` says why there is none yet.
 */
export function MessagesToPassengers({
  messages,
  hint,
  busy,
}: {
  messages: readonly NoticeSample[];
  hint: string;
  /** A newer version is being written (after a change of reason, note or times). */
  busy: boolean;
}) {
  const kinds = new Set(messages.map((m) => m.kind));
  return (
    <section
      aria-label="Message to passengers"
      aria-busy={busy}
      className="rounded-xl border border-slate-200"
    >
      <details className="group">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-3 text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-700 [&::-webkit-details-marker]:hidden">
          <ChevronRight
            aria-hidden="true"
            className="size-4 shrink-0 transition-transform group-open:rotate-90"
          />
          Message to passengers
          {messages.length > 0 && (
            <span className="font-normal text-slate-600">
              ({plural(messages.length, 'version', 'versions')})
            </span>
          )}
        </summary>
        <div className="grid gap-4 border-t border-slate-200 p-3">
          {messages.length === 0 ? (
            <p className="text-sm text-slate-700">{hint}</p>
          ) : (
            messages.map((m) => (
              <MessageSample key={`${m.kind}-${m.language}`} sample={m} showKind={kinds.size > 1} />
            ))
          )}
        </div>
      </details>
    </section>
  );
}

/** Why a preview has no message to show yet. */
function messageHint(opts: {
  mails: number;
  ready: boolean;
  fetching: boolean;
  waitingFor: string;
  stillNone: string;
}) {
  if (opts.mails === 0) return 'Nobody here has an e-mail address: no message is mailed. Call them instead.';
  if (!opts.ready) return `${opts.waitingFor} to see the message each passenger gets.`;
  return opts.fetching ? 'Writing the message…' : opts.stillNone;
}

/**
 * What MessagesToPassengers shows of a preview that reaches someone: its messages, whether a
 * newer one is being written, and why there is none yet. `ready`: the form has what the message
 * needs (`waitingFor` asks for it); `stillNone`: said when it has, and still no message came.
 */
export function previewMessages(
  preview: {
    data: { messages: readonly NoticeSample[]; mails: number };
    isPlaceholderData: boolean;
    isFetching: boolean;
  },
  opts: { ready: boolean; waitingFor: string; stillNone?: string },
) {
  return {
    messages: preview.data.messages,
    busy: preview.isPlaceholderData,
    hint: messageHint({
      mails: preview.data.mails,
      ready: opts.ready,
      fetching: preview.isFetching,
      waitingFor: opts.waitingFor,
      stillNone: opts.stillNone ?? 'No message yet.',
    }),
  };
}

/** The id of a reason's radio, to focus the first when no reason was chosen. */
export const reasonRadioId = (id: string, reason: CancelReason = 'weather') => `${id}-${reason}`;

/** Why the departure is disrupted: one of the reasons, required; `problem` is said at once. */
export function ReasonField({
  id,
  reason,
  problem,
  disabled,
  onChange,
}: {
  id: string;
  reason: CancelReason | null;
  problem: string | null;
  disabled: boolean;
  onChange: (reason: CancelReason) => void;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={problem ? `${id}-reason-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">Reason</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {CANCEL_REASONS.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 has-checked:border-red-700 has-checked:bg-red-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-sky-700"
          >
            <input
              id={reasonRadioId(id, value)}
              type="radio"
              name={`${id}-reason`}
              value={value}
              className="size-4 accent-red-700"
              checked={reason === value}
              disabled={disabled}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-reason-error` : undefined}
              onChange={() => onChange(value)}
            />
            {CANCEL_REASON_LABELS[value]}
          </label>
        ))}
      </div>
      {problem && (
        <p id={`${id}-reason-error`} role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

export function NoteField({
  id,
  note,
  disabled,
  onChange,
}: {
  id: string;
  note: string;
  disabled: boolean;
  onChange: (note: string) => void;
}) {
  return (
    <div>
      <Label htmlFor={`${id}-note`}>Note (optional)</Label>
      <Textarea
        id={`${id}-note`}
        className="mt-1.5 min-h-16"
        value={note}
        maxLength={500}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * A preview once it is there (`children` draws it); while it loads, `loading` beside a spinner;
 * in its error's words once it failed.
 */
export function Preview<T>({
  query,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  loading: ReactNode;
  children: (preview: T) => ReactNode;
}) {
  if (query.isSuccess) return children(query.data);
  return query.error ? (
    <ErrorNote error={query.error} className="p-3" />
  ) : (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <Spinner className="size-5 text-sky-700" />
      {loading}
    </p>
  );
}

/** The request's refusal (announced), then its progress while it runs (announced politely). */
export function SubmitState({
  error,
  busy,
  children,
}: {
  error: unknown;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {errorMessage(error)}
        </p>
      ) : null}
      {busy && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="size-4 text-sky-700" />
          {children}
        </p>
      )}
    </>
  );
}

/** "Nobody on this departure" in one look across the dialogs. */
export function NobodyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-800">{children}</p>
  );
}

/** The issues of a failed check of a form's body (none when it passed). */
type Issues = readonly { path: readonly PropertyKey[]; message: string }[];

/**
 * The reason and note of a disruption form, with their fields: `body` is what the request takes
 * of them; `check` checks the whole request against its schema.
 */
export function useReasonAndNote(disabled: boolean) {
  const id = useId();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const body = { reason: reason ?? undefined, note: note || undefined };
  return {
    body,
    /**
     * The request (the reason and the note with `fields`) as `schema` takes it, or null: then
     * the reason's problem is said under it, with focus on its first choice, and `onIssues` is
     * told the rest (told too when it passes, with none, to clear what it said before; a field
     * it focuses comes before the reason, so it takes the focus).
     */
    check: <S extends z.ZodType>(
      schema: S,
      fields: object,
      onIssues?: (issues: Issues) => void,
    ): z.output<S> | null => {
      const parsed = schema.safeParse({ ...body, ...fields });
      const issues = parsed.success ? [] : parsed.error.issues;
      const reasonProblem = issueOf(issues, 'reason');
      setProblem(reasonProblem);
      if (reasonProblem) document.getElementById(reasonRadioId(id))?.focus();
      onIssues?.(issues);
      return parsed.success ? parsed.data : null;
    },
    fields: (
      <>
        <ReasonField
          id={id}
          reason={reason}
          problem={problem}
          disabled={disabled}
          onChange={(value) => {
            setReason(value);
            setProblem(null);
          }}
        />
        <NoteField id={id} note={note} disabled={disabled} onChange={setNote} />
      </>
    ),
  };
}

/**
 * What each disruption form holds besides its own fields: the reason and the note (the note
 * settled, for the preview), and DisruptionForm's props for `request`: the submit checks the
 * request (the reason and the note with `fields`) against `schema` (useReasonAndNote's check)
 * and sends it, closing the dialog once it is done.
 */
export function useDisruptionForm<S extends z.ZodType>(
  request: {
    isPending: boolean;
    error: unknown;
    mutate: (body: z.output<S>, options: { onSuccess: () => void }) => void;
  },
  schema: S,
  onClose: () => void,
) {
  const busy = request.isPending;
  const why = useReasonAndNote(busy);
  const note = useDebouncedValue(why.body.note, PREVIEW_SETTLE_MS);
  return {
    busy,
    reason: why.body.reason,
    note,
    form: (fields: object = {}, onIssues?: (issues: Issues) => void) => ({
      onSubmit: (event: FormEvent) => {
        event.preventDefault();
        const body = why.check(schema, fields, onIssues);
        if (body) request.mutate(body, { onSuccess: onClose });
      },
      pending: busy,
      why: why.fields,
      refusal: request.error,
      onCancel: onClose,
    }),
  };
}

/** The message of the first issue on `field` of a failed parse, if any. */
export const issueOf = (issues: Issues, field: string) =>
  issues.find((issue) => issue.path[0] === field)?.message ?? null;

/**
 * A disruption's button and its dialog (DisruptionDialog, its form as `children`): shown when
 * `show` (the departure allows it) and the signed-in staff member may manage disruptions (Owner,
 * Office).
 */
export function DisruptionButton({
  show,
  icon,
  label,
  className,
  size,
  ...dialog
}: DisruptionDialogProps & {
  show: boolean;
  icon: ReactNode;
  label: string;
  className?: string;
  /** 'sm' among a schedule card's actions. */
  size?: 'sm' | undefined;
}) {
  const [open, setOpen] = useState(false);
  const may = useAdminMe().data?.user?.permissions.includes('disruptions.manage') ?? false;
  if (!may || !show) return null;
  return (
    <>
      <Button variant="outline" size={size} className={className} onClick={() => setOpen(true)}>
        {icon}
        {label}
      </Button>
      <DisruptionDialog open={open} onOpenChange={setOpen} {...dialog} />
    </>
  );
}

/** Delays and moves are for a departure still to sail; a cancelled or run one has neither. */
export const isOpen = (trip: { status: string }) => trip.status === 'scheduled';
