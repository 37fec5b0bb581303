// `npm run keygen`: a new e-ticket signing key (docs/decisions/023-e-ticket-code.md). Prints
// the line for TICKET_SIGNING_KEY (secret: keep it in the server's environment only, never in
// the database, a backup or the repository) and its public half for TICKET_VERIFY_KEYS, which
// keeps earlier tickets verifying after a rotation (docs/deploy.md).
import { newSigningKey } from '#server/lib/ticket-signing.ts';

const { signingKey, verifyKey } = newSigningKey();
console.log('# The new signing key: set it on every server, and keep it secret.');
console.log(`TICKET_SIGNING_KEY=${signingKey}`);
console.log('# Its public half: after the next rotation, add it to TICKET_VERIFY_KEYS (comma-separated)');
console.log('# until every ticket it signed has sailed.');
console.log(`# ${verifyKey}`);
