// ދިވެހި: the home namespace (English: messages/home.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/home.ts';

export default {} satisfies Catalogue<typeof en>;
