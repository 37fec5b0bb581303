import { type CompiledMessage, compileMessage } from '@lingui/message-utils/compileMessage';
import { parse } from '@messageformat/parser';
import { and, asc, eq } from 'drizzle-orm';
import { type AdminText, TEXT_OVERRIDE_MAX_LENGTH } from '#shared/admin-api.ts';
import { isLanguage, LANGUAGE_NAME_EN, LANGUAGES, type Language } from '#shared/languages.ts';
import { isPaymentText } from '#shared/payment-texts.ts';
import { STAFF_MSG } from '#shared/staff-messages.ts';
import { allTexts, type TextId, textOf } from '#shared/texts.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { textOverrides } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError, problem } from '../lib/errors.ts';
import { placeholdersOf } from '../lib/text-placeholders.ts';
import type { TextOverrides } from '../lib/texts.ts';
import { mailOwners } from './mail-owners.ts';

// The operator's corrections of passenger texts (admin: Texts; docs/decisions/021): one row per
// language and catalogue id in `text_overrides`. The web receives them compiled with the
// branding (readBranding), so a correction shows on the next page load without a rebuild.

export type CompiledTextOverrides = Partial<Record<Language, Record<string, CompiledMessage>>>;

/** The numbered tags of a text as written (`<0>`, `</0>`, `<1/>`), sorted, repeats kept. */
const tagsOf = (text: string) =>
  [...text.matchAll(/<(\/?)(\d+)\s*(\/?)>/g)].map(([, close, n, self]) => `<${close}${n}${self}>`).sort();

/** What `have` lacks of `want`, counting repeats. */
function lacking(want: readonly string[], have: readonly string[]): string[] {
  const left = [...have];
  return want.filter((item) => {
    const at = left.indexOf(item);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}

/** The arguments (`{name}`, the `n` of a plural) and the tags as written, for the comparison. */
const keptParts = (text: string) => [
  ...placeholdersOf(text).filter((part) => part.startsWith('{')),
  ...tagsOf(text),
];

/**
 * Why `text` cannot stand in for `defaultText`, or null when it can: it must be ICU
 * MessageFormat with the same arguments (plain, plural and select ones) and the same numbered
 * tags. Exported for the unit tests; checkOverride adds the id and the length rules.
 */
export function overrideProblem(text: string, defaultText: string): AppError | null {
  try {
    parse(text);
  } catch (err) {
    // "invalid syntax at line 1 col 7:" and the source pointed at: the first line is enough.
    const detail = err instanceof Error ? (err.message.split('\n')[0] ?? '').replace(/:$/, '') : '';
    return new AppError(
      'text_invalid',
      `This text is not valid: ${detail || 'check its braces { } and its plural forms'}.`,
    );
  }
  const want = keptParts(defaultText);
  const have = keptParts(text);
  const missing = lacking(want, have);
  const extra = lacking(have, want);
  if (missing.length === 0 && extra.length === 0) return null;
  const said = [
    missing.length > 0 ? `Missing: ${missing.join(', ')}.` : '',
    extra.length > 0 ? `Not in the default text: ${extra.join(', ')}.` : '',
  ];
  return new AppError(
    'text_placeholders',
    `The text must keep the placeholders and tags of the default text. ${said.filter(Boolean).join(' ')}`,
  );
}

/**
 * Refuses an override that the passenger pages could not show: an id that is no catalogue text
 * (404), an empty or over-long text, a text that is not ICU MessageFormat, or one that does not
 * keep exactly the placeholders and numbered tags of the default text in that language.
 */
export function checkOverride(id: string, language: Language, text: string): void {
  const shipped = isLanguage(language) ? textOf(id, language) : undefined;
  if (shipped === undefined) throw problem('text_not_found');
  if (text.trim() === '') throw problem('text_required');
  if (text.length > TEXT_OVERRIDE_MAX_LENGTH) throw problem('text_too_long');
  const refusal = overrideProblem(text, shipped);
  if (refusal) throw refusal;
}

/** Every stored override of a text the app still has, by language and id. */
async function readTextOverrides(db: DbOrTx): Promise<Partial<Record<Language, Record<string, string>>>> {
  const rows = await db
    .select({ language: textOverrides.language, id: textOverrides.textId, text: textOverrides.text })
    .from(textOverrides)
    .orderBy(asc(textOverrides.language), asc(textOverrides.textId));
  const found: Partial<Record<Language, Record<string, string>>> = {};
  for (const row of rows) {
    // A row for a language or a text the app no longer has is kept, but not used.
    if (!isLanguage(row.language) || textOf(row.id, row.language) === undefined) continue;
    const texts = found[row.language] ?? {};
    texts[row.id] = row.text;
    found[row.language] = texts;
  }
  return found;
}

/** Compiled overrides by `language \0 id \0 text`; null: no longer fits its default. */
const compiledCache = new Map<string, CompiledMessage | null>();
const COMPILED_CACHE_MAX = 5000;

function compileOverride(language: Language, id: string, text: string): CompiledMessage | null {
  const key = `${language}\0${id}\0${text}`;
  let compiled = compiledCache.get(key);
  if (compiled === undefined) {
    const shipped = textOf(id, language);
    // An override saved before its default changed its placeholders is left out until fixed.
    compiled = shipped !== undefined && !overrideProblem(text, shipped) ? compileMessage(text) : null;
    if (compiledCache.size >= COMPILED_CACHE_MAX) compiledCache.clear();
    compiledCache.set(key, compiled);
  }
  return compiled;
}

/**
 * The overrides the app uses, raw (the e-mails render them): those of texts it still has that
 * keep their default's placeholders. One saved before its default changed them is passed over,
 * on the pages as in the mails, until it is fixed.
 */
export async function readUsableTextOverrides(db: DbOrTx): Promise<TextOverrides> {
  const overrides = await readTextOverrides(db);
  return Object.fromEntries(
    Object.entries(overrides).map(([language, texts]) => [
      language,
      Object.fromEntries(
        Object.entries(texts ?? {}).filter(([id, text]) => compileOverride(language as Language, id, text)),
      ),
    ]),
  );
}

/** The overrides the passenger pages use, compiled for Lingui's runtime (GET /api/branding). */
export async function readCompiledTextOverrides(db: DbOrTx): Promise<CompiledTextOverrides> {
  const overrides = await readTextOverrides(db);
  const compiled: CompiledTextOverrides = {};
  for (const language of LANGUAGES) {
    const messages: Record<string, CompiledMessage> = {};
    for (const [id, text] of Object.entries(overrides[language] ?? {})) {
      const message = compileOverride(language, id, text);
      if (message) messages[id] = message;
    }
    if (Object.keys(messages).length > 0) compiled[language] = messages;
  }
  return compiled;
}

/** One text with its defaults and overrides, as the admin's list shows it. */
function adminText(id: TextId, defaults: Record<Language, string>, overrides: TextOverrides): AdminText {
  const own: AdminText['overrides'] = {};
  for (const language of LANGUAGES) {
    const text = overrides[language]?.[id];
    if (text !== undefined) own[language] = text;
  }
  return { id, namespace: id.slice(0, id.indexOf('.')), defaults, overrides: own };
}

/** Every passenger text, in catalogue order, with the operator's overrides (GET /api/admin/texts). */
export async function listAdminTexts(db: DbOrTx): Promise<AdminText[]> {
  const overrides = await readTextOverrides(db);
  return allTexts().map(({ id, texts }) => adminText(id, texts, overrides));
}

/** The admin's view of one text after a change. */
async function readAdminText(db: DbOrTx, id: TextId): Promise<AdminText> {
  const rows = await db
    .select({ language: textOverrides.language, text: textOverrides.text })
    .from(textOverrides)
    .where(eq(textOverrides.textId, id));
  const overrides: TextOverrides = {};
  for (const row of rows) if (isLanguage(row.language)) overrides[row.language] = { [id]: row.text };
  const defaults = Object.fromEntries(
    LANGUAGES.map((language) => [language, textOf(id, language) ?? '']),
  ) as Record<Language, string>;
  return adminText(id, defaults, overrides);
}

const rowOf = (language: Language, id: string) =>
  and(eq(textOverrides.language, language), eq(textOverrides.textId, id));

/** Who changes a text, and whether they may change what passengers are told about paying. */
type TextChange = {
  db: Db;
  language: Language;
  id: string;
  actorUserId?: string | null;
  /** Who made the change, for the Owners' notice. */
  actorEmail?: string;
  /** Whether the actor holds `bank.manage`, which the texts about paying need (#shared/payment-texts.ts). */
  mayChangePaymentTexts: boolean;
};

/** 404 for a text the app does not have, then 403 for a text about paying without `bank.manage`. */
function refuseChange({ language, id, mayChangePaymentTexts }: TextChange): void {
  if (!isLanguage(language) || textOf(id, language) === undefined) throw problem('text_not_found');
  if (isPaymentText(id) && !mayChangePaymentTexts) throw new AppError('forbidden', STAFF_MSG.forbidden, 403);
}

/**
 * Every active Owner hears of a change to a text about paying, as of one to the accounts
 * (update-payment-settings.ts): a change they did not make is fraud. `before` and `after` are
 * what passengers read, the default where there is no correction.
 */
async function mailOwnersOfPaymentText(
  tx: Tx,
  change: TextChange,
  texts: { before: string | undefined; after: string | undefined },
): Promise<void> {
  const { language, id } = change;
  if (!isPaymentText(id)) return;
  const shipped = textOf(id, language) ?? '';
  await mailOwners(tx, {
    subject: 'A text passengers read about paying was changed',
    text: [
      `The ${LANGUAGE_NAME_EN[language]} text ${id}, which tells passengers where or how to pay, was changed by ${change.actorEmail ?? 'the system'}.`,
      '',
      `Before: ${JSON.stringify(texts.before ?? shipped)}`,
      `After: ${JSON.stringify(texts.after ?? shipped)}`,
      '',
      'If you did not expect this change, sign in, put the text right on the Texts screen, and check the audit trail.',
    ].join('\n'),
  });
}

/**
 * Stores the operator's text for `id` in `language` (checked by checkOverride), with an audit
 * entry. The default text itself is no correction: saving it removes the override instead.
 */
export async function saveTextOverride(opts: TextChange & { text: string }): Promise<AdminText> {
  const { db, language, id, text } = opts;
  refuseChange(opts);
  checkOverride(id, language, text);
  if (text === textOf(id, language)) return deleteTextOverride(opts);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ text: textOverrides.text })
      .from(textOverrides)
      .where(rowOf(language, id));
    if (before?.text === text) return;
    await tx
      .insert(textOverrides)
      .values({ language, textId: id, text })
      .onConflictDoUpdate({
        target: [textOverrides.language, textOverrides.textId],
        set: { text, updatedAt: new Date() },
      });
    await writeAudit(tx, {
      actorUserId: opts.actorUserId ?? null,
      action: before ? 'update' : 'create',
      entity: 'text_override',
      entityId: `${language}:${id}`,
      before: before ? { text: before.text } : null,
      after: { text },
    });
    await mailOwnersOfPaymentText(tx, opts, { before: before?.text, after: text });
  });
  return readAdminText(db, id as TextId);
}

/** Removes the override of `id` in `language`, so the default shows again; none is no error. */
export async function deleteTextOverride(opts: TextChange): Promise<AdminText> {
  const { db, language, id } = opts;
  refuseChange(opts);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(textOverrides).where(rowOf(language, id)).returning();
    if (!row) return;
    await writeAudit(tx, {
      actorUserId: opts.actorUserId ?? null,
      action: 'delete',
      entity: 'text_override',
      entityId: `${language}:${id}`,
      before: { text: row.text },
    });
    await mailOwnersOfPaymentText(tx, opts, { before: row.text, after: undefined });
  });
  return readAdminText(db, id as TextId);
}
