// ދިވެހި: the trip search form (English: messages/search.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/search.ts';

export default {
  date: 'ދަތުރުކުރާ ތާރީޚު',
  from: 'ފުރާ ތަން',
  fromPick: 'ފުރާ ތަން ޚިޔާރު ކުރައްވާ',
  to: 'ދާ ތަން',
  toPick: 'ދާ ތަން ޚިޔާރު ކުރައްވާ',
  search: 'ދަތުރުތައް ހޯދާ',
  dateMissing: 'ދަތުރުކުރާ ތާރީޚު ޚިޔާރު ކުރައްވާ.',
  swap: 'ފުރާ ތަނާއި ދާ ތަން މާރުކުރޭ',
} satisfies Catalogue<typeof en>;
