import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { type DisruptionNotice, noticeMail } from '#server/mails/notice-mail.ts';
import { NOTICE_KINDS, type NoticeSample } from '#shared/disruptions.ts';
import { isLanguage, LANGUAGES, type Language } from '#shared/languages.ts';

/** A manage link's key (`?k=`, lib/manage-links.ts): it opens the booking, so no sample shows it. */
const MANAGE_KEY = /(\/manage\?k=)[^\s<>"]+/g;

export type SampleNoticesOptions = { db: DbOrTx; notices: readonly DisruptionNotice[] };

/**
 * The messages a disruption sends, as the office reads them in its preview (docs/decisions/026):
 * for each kind of notice and each language among the passengers the e-mail reaches, the mail of
 * the group's first booking, written by the code that queues the real ones (noticeMail), with
 * how many passengers get it. Nothing is written.
 */
export async function sampleNotices({ db, notices }: SampleNoticesOptions): Promise<NoticeSample[]> {
  const mailed = notices.filter((n) => n.ticket.passengerEmail.trim());
  if (mailed.length === 0) return [];
  const rows = await db
    .select({ id: tickets.id, language: tickets.language })
    .from(tickets)
    .where(
      inArray(
        tickets.id,
        mailed.map((n) => n.ticket.id),
      ),
    );
  const languageOf = new Map(rows.map((r) => [r.id, isLanguage(r.language) ? r.language : 'en']));
  const groups = new Map<string, { notice: DisruptionNotice; language: Language; count: number }>();
  for (const notice of mailed) {
    const language = languageOf.get(notice.ticket.id) ?? 'en';
    const key = `${notice.kind}|${language}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { notice, language, count: 1 });
  }
  const order = (g: { notice: DisruptionNotice; language: Language }) =>
    NOTICE_KINDS.indexOf(g.notice.kind) * LANGUAGES.length + LANGUAGES.indexOf(g.language);
  const samples: NoticeSample[] = [];
  for (const { notice, language, count } of [...groups.values()].sort((a, b) => order(a) - order(b))) {
    const mail = await noticeMail(notice)(db);
    samples.push({
      kind: notice.kind,
      language,
      count,
      reference: notice.ticket.reference,
      subject: mail.subject,
      text: mail.text.replace(MANAGE_KEY, '$1…'),
    });
  }
  return samples;
}
