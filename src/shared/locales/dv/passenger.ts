// ދިވެހި: the passenger namespace (English: messages/passenger.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/passenger.ts';

export default {} satisfies Catalogue<typeof en>;
