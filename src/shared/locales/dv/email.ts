// ދިވެހި: the email namespace (English: messages/email.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/email.ts';

export default {} satisfies Catalogue<typeof en>;
