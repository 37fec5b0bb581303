import { useQuery } from '@tanstack/react-query';
import { Landmark, Lock, Pencil, Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { AdminText } from '#shared/admin-api.ts';
import { LANGUAGE_DIR, LANGUAGES, type Language } from '#shared/languages.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { isPaymentText } from '#shared/payment-texts.ts';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';
import { cn } from '#web/lib/utils.ts';
import { adminTextsQuery } from './api.ts';
import { LANGUAGE_LABEL, textFont } from './language-label.ts';
import { TextDialog } from './text-dialog.tsx';

/** Texts shown at first and added by each "Show more": a few hundred rows would slow typing. */
const PAGE = 40;

/** Everything a search matches in, lower-cased once per list: the id and every text. */
const haystack = (text: AdminText) =>
  [text.id, ...LANGUAGES.flatMap((l) => [text.defaults[l], text.overrides[l] ?? ''])]
    .join('\n')
    .toLowerCase();

/** `onEdit`: absent for a text the signed-in person may read but not change. */
function TextCell({ text, language, onEdit }: { text: AdminText; language: Language; onEdit?: () => void }) {
  const override = text.overrides[language];
  const shown = override ?? text.defaults[language];
  const dir = LANGUAGE_DIR[language];
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {LANGUAGE_LABEL[language]}
        </span>
        {override !== undefined ? <Badge variant="warning">Overridden</Badge> : null}
      </div>
      <p
        lang={language}
        dir={dir}
        className={cn('text-sm break-words whitespace-pre-wrap text-slate-900', textFont(language))}
      >
        {shown}
      </p>
      {override !== undefined ? (
        <p className="text-xs text-slate-600">
          Default:{' '}
          <span
            lang={language}
            dir={dir}
            className={cn('break-words whitespace-pre-wrap', textFont(language))}
          >
            {text.defaults[language]}
          </span>
        </p>
      ) : null}
      {onEdit ? (
        <Button variant="outline" size="sm" className="mt-auto self-start" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
          <span className="sr-only">
            {' '}
            {LANGUAGE_LABEL[language]} text of {text.id}
          </span>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Under a text about paying: read-only without `bank.manage` (the server refuses the change),
 * else a reminder that every owner hears of a change, as of one to the bank accounts.
 */
function PaymentTextNote({ locked }: { locked: boolean }) {
  return locked ? (
    <p className="mt-2 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-slate-800">
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      {STAFF_MSG.paymentTextOwnerOnly}.
    </p>
  ) : (
    <p className="mt-2 flex items-start gap-2 text-sm text-slate-600">
      <Landmark aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {STAFF_MSG.paymentTextMailed}.
    </p>
  );
}

export function TextsView() {
  const id = useId();
  const texts = useQuery(adminTextsQuery);
  const mayChangePaymentTexts = useAdminMe().data?.user?.permissions.includes('bank.manage') ?? false;
  const [query, setQuery] = useState('');
  const [overriddenOnly, setOverriddenOnly] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const [editing, setEditing] = useState<{ id: string; language: Language } | null>(null);
  // Typing stays quick: the list follows the search box when React has time.
  const search = useDeferredValue(query.trim().toLowerCase());

  const indexed = useMemo(
    () => (texts.data ?? []).map((text) => ({ text, haystack: haystack(text) })),
    [texts.data],
  );
  const matching = useMemo(
    () =>
      indexed
        .filter(
          (entry) =>
            (!overriddenOnly || Object.keys(entry.text.overrides).length > 0) &&
            (!search || entry.haystack.includes(search)),
        )
        .map((entry) => entry.text),
    [indexed, search, overriddenOnly],
  );
  const shown = matching.slice(0, limit);
  // The dialog edits the list's current copy, so it shows what a save just stored.
  const editingText = editing ? texts.data?.find((text) => text.id === editing.id) : undefined;
  const overriddenCount = indexed.filter((entry) => Object.keys(entry.text.overrides).length > 0).length;

  return (
    <div className="mt-6 space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="grid min-w-64 flex-1 gap-2">
          <Label htmlFor={`${id}-search`}>Search texts</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id={`${id}-search`}
              type="search"
              className="pl-9"
              placeholder="An id, or words of the English or Dhivehi text"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setLimit(PAGE);
              }}
            />
          </div>
        </div>
        <Checkbox
          label={`Overridden only (${overriddenCount})`}
          checked={overriddenOnly}
          onChange={(event) => {
            setOverriddenOnly(event.target.checked);
            setLimit(PAGE);
          }}
          containerClassName="pb-3"
        />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {texts.data
          ? matching.length === texts.data.length
            ? `${texts.data.length} texts`
            : `${matching.length} of ${texts.data.length} texts`
          : null}
      </p>

      {texts.isPending ? (
        <LoadingNote>Loading texts…</LoadingNote>
      ) : texts.isError ? (
        <ErrorNote error={texts.error} />
      ) : matching.length === 0 ? (
        <EmptyNote>No text matches your search.</EmptyNote>
      ) : (
        <>
          <ul className="grid gap-4">
            {shown.map((text) => {
              const aboutPaying = isPaymentText(text.id);
              const locked = aboutPaying && !mayChangePaymentTexts;
              return (
                <li
                  key={text.id}
                  data-text-id={text.id}
                  className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
                >
                  <h2 className="font-mono text-sm font-semibold break-all text-slate-900">{text.id}</h2>
                  {aboutPaying ? <PaymentTextNote locked={locked} /> : null}
                  <div className="mt-3 grid gap-3 md:grid-cols-2">
                    {LANGUAGES.map((language) => (
                      <TextCell
                        key={language}
                        text={text}
                        language={language}
                        {...(locked ? {} : { onEdit: () => setEditing({ id: text.id, language }) })}
                      />
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
          {matching.length > shown.length ? (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => setLimit((n) => n + PAGE)}>
                Show more ({matching.length - shown.length} more)
              </Button>
            </div>
          ) : null}
        </>
      )}

      {editing && editingText ? (
        <TextDialog
          key={`${editing.language}:${editing.id}`}
          text={editingText}
          language={editing.language}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
