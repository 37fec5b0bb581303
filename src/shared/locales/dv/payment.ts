// ދިވެހި: the payment namespace (English: messages/payment.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/payment.ts';

export default {} satisfies Catalogue<typeof en>;
