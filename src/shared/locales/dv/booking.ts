// ދިވެހި: the booking namespace (English: messages/booking.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/booking.ts';

export default {
  pageTitle: 'ފެރީ ދަތުރެއް ބުކް ކުރައްވާ',
  progress: 'ބުކިންގގެ މަރުޙަލާތައް',
  step1: 'ދަތުރު ޚިޔާރުކުރުން',
  step2: 'ފަސިންޖަރުގެ މަޢުލޫމާތު',
  step3: 'ލޯންޗު ޚިޔާރުކުރުން',
  step4: 'ގޮނޑި ޚިޔާރުކުރުން',
  step5: 'ފައިސާ ދެއްކުން',
  stepDone: '(ނިމިފައި)',
  stepOf: '{total} މަރުޙަލާގެ ތެރެއިން {n} ވަނަ މަރުޙަލާ: {title}',
  back: 'ފަހަތަށް',
  tripTitle: 'ތިޔަ ދަތުރު ޚިޔާރު ކުރައްވާ',
  tripIntro: 'ދަތުރުކުރައްވާ ތާރީޚާއި، ފުރާ ތަނާއި ދާ ތަން ޚިޔާރު ކުރައްވާ.',
  searching: 'ހޯދަނީ…',
  party: '{n, plural, one {# ފަސިންޖަރު} other {# ފަސިންޖަރުން}}',
} satisfies Catalogue<typeof en>;
