// ދިވެހި: the lookup namespace (English: messages/lookup.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/lookup.ts';

export default {} satisfies Catalogue<typeof en>;
