// ދިވެހި: the eticket namespace, the e-ticket page (English: messages/eticket.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/eticket.ts';

export default {
  title: 'ތިޔަބޭފުޅާގެ އީ-ޓިކެޓް',
  intro: 'ލޯންޗަށް އަރުއްވާއިރު މި QR ކޯޑު ފޯނުން ނުވަތަ ޕްރިންޓްކޮށް ކްރޫއަށް ދައްކަވާށެވެ.',
  loading: 'ތިޔަބޭފުޅާގެ އީ-ޓިކެޓް ހުޅުވަނީ…',
  notFound: 'މި އީ-ޓިކެޓް ލިންކް ރަނގަޅެއް ނޫން، ނުވަތަ މިދަތުރު ވީތާ ހަފްތާއެއްވުރެ ގިނަ ދުވަސް ވެއްޖެ.',
  loadFailed: 'އީ-ޓިކެޓް ހުޅުވޭކަށް ނުވި. ކަނެކްޝަން ޗެކްކޮށް އަލުން މަސައްކަތް ކުރައްވާށެވެ.',
  qrLabel: 'ބުކިންގ {reference} ގެ ލޯންޗަށް އެރުމުގެ QR ކޯޑު',
  noCode: 'މި ބުކިންގ ފާސްކުރެވިފައި ނުވާތީ، ލޯންޗަށް އެރުމުގެ QR ކޯޑެއް ނެތެވެ.',
  print: 'ޕްރިންޓް',
  keepPrivate: 'މި ލިންކަކީ ތިޔަބޭފުޅާގެ ޓިކެޓެވެ: އެހެން މީހަކާ ހިއްސާ ނުކުރައްވާށެވެ.',
} satisfies Catalogue<typeof en>;
