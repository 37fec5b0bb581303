// The outbox as the passenger will receive it: a mail queued to be written when it is sent
// (docs/decisions/041, an approval's e-ticket mail held for the undo window) is written now,
// by the app's own writer, as the dev outbox shows it. Nothing is stored.
import { asc, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '#server/db/schema.ts';

export async function outboxRows(app: FastifyInstance, where?: SQL) {
  const { db } = app.deps.database;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.seq));
  return Promise.all(
    rows.map(async (row) => {
      if (!row.later) return row;
      const mail = await app.deps.writeLaterMail(db, row.later);
      return {
        ...row,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        attachments: mail.attachments ?? null,
      };
    }),
  );
}
