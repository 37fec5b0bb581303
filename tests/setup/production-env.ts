import { newSigningKey } from '#server/lib/ticket-signing.ts';

/**
 * The least a production start needs (docs/deploy.md, "What production needs at start"): a public
 * address for mailed links, the e-ticket signing key, and a way to send mail (here printed to the
 * log on purpose). Tests of production behaviour start from this and change one thing.
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://ferry.example',
  TICKET_SIGNING_KEY: newSigningKey().signingKey,
  MAIL_TRANSPORT: 'log',
};
