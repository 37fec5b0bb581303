// ދިވެހި: the booking namespace (English: messages/booking.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/booking.ts';

export default {} satisfies Catalogue<typeof en>;
