import type { AdminText } from '#shared/admin-api.ts';
import { type TextId, textOf } from '#shared/messages/catalogues.ts';
import { textOverrides } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { checkOverride } from '../lib/text-override-checks.ts';
import {
  type DeleteTextOverrideOptions,
  deleteTextOverride,
  refuseChange,
  rowOf,
} from './delete-text-override.ts';
import { mailOwnersOfPaymentText } from './mail-owners-of-payment-text.ts';
import { readAdminText } from './read-admin-text.ts';

export type SaveTextOverrideOptions = DeleteTextOverrideOptions & { text: string };

/**
 * Stores the operator's text for `id` in `language` (checked by checkOverride), with an audit
 * entry. The default text itself is no correction: saving it removes the override instead.
 */
export async function saveTextOverride(opts: SaveTextOverrideOptions): Promise<AdminText> {
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
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId ?? null,
      action: before ? 'update' : 'create',
      entity: 'text_override',
      entityId: `${language}:${id}`,
      before: before ? { text: before.text } : null,
      after: { text },
    });
    await mailOwnersOfPaymentText({
      db: tx,
      language,
      id,
      actorEmail: opts.actorEmail,
      before: before?.text,
      after: text,
    });
  });
  return readAdminText({ db, id: id as TextId });
}
