import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  /** The Message-ID header, which the outbox sets from the mail's row id. */
  messageId: string | undefined;
  subject: string | undefined;
};

export type SmtpSink = {
  received: ReceivedMail[];
  /** An SMTP_URL for nodemailer (no TLS on loopback). */
  url: string;
  port: number;
  close(): Promise<void>;
};

function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  // Folded header lines continue with whitespace.
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim();
}

/**
 * A real SMTP server in-process, recording every accepted message. `reject` decides, per
 * delivery attempt, whether to refuse the DATA with a temporary error.
 */
export async function startSmtpSink(
  opts: { reject?: (attempt: number) => boolean; beforeReply?: () => Promise<void>; port?: number } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        await opts.beforeReply?.();
        attempts++;
        if (opts.reject?.(attempts)) {
          const err = Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: header(raw, 'Message-ID'),
          subject: header(raw, 'Subject'),
        });
        callback();
      });
    },
  });
  // A client that dies mid-session (a server killed with kill -9 in the fault tests) resets its
  // connection: the sink emits that as an 'error', which with no listener would end the test run.
  // The mail it was sending is the server's to retry; the sink has nothing to do.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    port,
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
