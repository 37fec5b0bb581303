// ދިވެހި: the trips found, the launch and the seats (English: messages/vessel.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/vessel.ts';

export default {
  // Step 1: the trips found
  trips: 'ލިބެން ހުރި ދަތުރުތައް',
  routeTo: 'ދާ ތަން',
  departs: 'ފުރާ ގަޑި {time} · {date}',
  soldOut: 'ގޮނޑި ހުސްއެއް ނެތް',
  seatsFree: '{n, plural, one {# ގޮނޑި ހުސް} other {# ގޮނޑި ހުސް}}',
  stops: 'ހުއްޓާ ތަންތަން: {stops}',
  stopArrow: '←',
  selectTrip: 'ޚިޔާރު ކުރައްވާ',
  selectTripLabel: '{from} އިން {to} އަށް {time} ގައި ފުރާ ދަތުރު ޚިޔާރު ކުރައްވާ',
  launchTitle: 'ލޯންޗު ޚިޔާރު ކުރައްވާ',
  launchIntro: 'ދަތުރުކުރައްވަން ބޭނުންފުޅު ލޯންޗު ޚިޔާރު ކުރައްވާ. ބޭނުންވާނީ {n, plural, one {# ގޮނޑި} other {# ގޮނޑި}}.',
  toSeats: 'ގޮނޑި ޚިޔާރުކުރުމަށް ކުރިއަށް',
  loadingLaunches: 'ލޯންޗުތައް ލޯޑުވަނީ…',
  capacity: 'ޖާގަ: {n, plural, one {# ގޮނޑި} other {# ގޮނޑި}}',
  launchTooSmall: 'ތިޔަ ޓިކެޓްތަކަށް ފުދޭވަރަށް ގޮނޑި ހުސްއެއް ނޫން',
  seatsTitle: 'ގޮނޑި ޚިޔާރު ކުރައްވާ',
  seatsIntro: '{launch}: {n, plural, one {# ގޮނޑި} other {# ގޮނޑި}} ޚިޔާރު ކުރައްވާ.',
  toPayment: 'ފައިސާ ދެއްކުމަށް ކުރިއަށް',
  seatMap: 'ގޮނޑިތަކުގެ ޗާޓު',
  front: 'ކުރިމަތި',
  legend: 'ގޮނޑިތަކުގެ ކުލަތަކުގެ މާނަ',
  available: 'ހުސް',
  selected: 'ޚިޔާރުކުރެވިފައި',
  occupied: 'ހުސްނޫން',
  seatAvailable: 'ގޮނޑި {seat}، ހުސް',
  seatSelected: 'ގޮނޑި {seat}، ޚިޔާރުކުރެވިފައި',
  seatOccupied: 'ގޮނޑި {seat}، ހުސްނޫން',
  selectedCount: '{total} ގޮނޑިން {n} ޚިޔާރުކުރެވިފައި',
  selectedSeats: '{total} ގޮނޑިން {n} ޚިޔާރުކުރެވިފައި: {seats}',
} satisfies Catalogue<typeof en>;
