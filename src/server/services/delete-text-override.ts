import { and, eq } from 'drizzle-orm';
import type { AdminText } from '#shared/admin-api.ts';
import { isLanguage, type Language } from '#shared/languages.ts';
import { type TextId, textOf } from '#shared/messages/catalogues.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { isPaymentText } from '#shared/payment-texts.ts';
import type { Db } from '../db/client.ts';
import { textOverrides } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError, problem } from '../lib/errors.ts';
import { mailOwnersOfPaymentText } from './mail-owners-of-payment-text.ts';
import { readAdminText } from './read-admin-text.ts';

export const rowOf = (language: Language, id: string) =>
  and(eq(textOverrides.language, language), eq(textOverrides.textId, id));

/** Who changes a text, and whether they may change what passengers are told about paying. */
export type DeleteTextOverrideOptions = {
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
export function refuseChange({ language, id, mayChangePaymentTexts }: DeleteTextOverrideOptions): void {
  if (!isLanguage(language) || textOf(id, language) === undefined) throw problem('text_not_found');
  if (isPaymentText(id) && !mayChangePaymentTexts) throw new AppError('forbidden', STAFF_MSG.forbidden, 403);
}

/** Removes the override of `id` in `language`, so the default shows again; none is no error. */
export async function deleteTextOverride(opts: DeleteTextOverrideOptions): Promise<AdminText> {
  const { db, language, id } = opts;
  refuseChange(opts);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(textOverrides).where(rowOf(language, id)).returning();
    if (!row) return;
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId ?? null,
      action: 'delete',
      entity: 'text_override',
      entityId: `${language}:${id}`,
      before: { text: row.text },
    });
    await mailOwnersOfPaymentText({
      db: tx,
      language,
      id,
      actorEmail: opts.actorEmail,
      before: row.text,
      after: undefined,
    });
  });
  return readAdminText({ db, id: id as TextId });
}
