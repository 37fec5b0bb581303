// ދިވެހި: the passenger's e-mails (English: messages/email.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/email.ts';

export default {
  codeSubject: 'ތިޔަބޭފުޅާގެ ވެރިފިކޭޝަން ކޯޑު: {code}',
  codeIntro: 'ތިޔަބޭފުޅާގެ ވެރިފިކޭޝަން ކޯޑަކީ {code} އެވެ.',
  codeValidity:
    'މި ކޯޑު {minutes} މިނިޓު ތެރޭގައި، އެއް ފަހަރު ބޭނުންކުރެވޭނެއެވެ. މި ކޯޑު ތިޔަބޭފުޅާ ނުހޯއްދަވާ ނަމަ، މި އީމެއިލަށް އެއްވެސް ފިޔަވަޅެއް އެޅުއްވުމެއް ނުޖެހޭނެއެވެ.',
  codeKeptSubject: 'ތިޔަބޭފުޅާގެ ވެރިފިކޭޝަން ކޯޑު',
  codeKeptText: 'މި އެޑްރެހަށް އެއް ފަހަރު ބޭނުންކުރެވޭ ވެރިފިކޭޝަން ކޯޑެއް ފޮނުވިއެވެ. އެ ކޯޑު ރައްކާކޮށްފައެއް ނުވެއެވެ.',

  reference: 'ބުކިންގ ރެފަރެންސް: {reference}',
  trip: 'ދަތުރު: {from} އިން {to} އަށް',
  date: 'ތާރީޚު: {date}، ފުރާ ގަޑި {time}',
  launch: 'ލޯންޗު: {launch}',
  seats: 'ގޮނޑި: {seats}',
  amount: 'ފައިސާގެ އަދަދު: {amount} ({method})',
  bankTransfer: 'ބޭންކް ޓްރާންސްފަރ',
  unknownLocation: 'ނޭނގޭ ތަނެއް',

  receivedSubject: 'ބުކިންގ ލިބިއްޖެ: {reference}',
  receivedThanks: 'ޝުކުރިއްޔާ، {name}. ތިޔަބޭފުޅާގެ ބުކިންގ އަޅުގަނޑުމެންނަށް ލިބިއްޖެއެވެ.',
  receivedReview: 'ތިޔަބޭފުޅާގެ ބުކިންގ ބަލައިދިނުމަށް ފޮނުވިއްޖެއެވެ. ބުކިންގ ފާސްކުރެވުމުން އެކަން އަންގައިދެވޭނެއެވެ.',

  approvedSubject: 'ބުކިންގ ފާސްކުރެވިއްޖެ: {reference}',
  greeting: 'ލޮބުވެތި {name}،',
  approvedIntro: 'ތިޔަބޭފުޅާ ފައިސާ ދެއްކެވިކަން ކަށަވަރުކުރެވި، ބުކިންގ ފާސްކުރެވިއްޖެއެވެ.',
  approvedStatus: 'ތިޔަބޭފުޅާގެ ބުކިންގ ފާސްކުރެވިއްޖެއެވެ. ފުރާ ގަޑިއަށް 30 މިނިޓު ކުރިން ވަޑައިގަތުމަށް އެދެމެވެ.',
  approvedBoarding: 'ލޯންޗަށް އަރުއްވާއިރު ބުކިންގ ރެފަރެންސް ދައްކަވާށެވެ.',
  eTicketLink: 'ލޯންޗަށް އަރުއްވާއިރު ދައްކަވަންޖެހޭ QR ކޯޑާއެކު ތިޔަބޭފުޅާގެ އީ-ޓިކެޓް: {url}',

  rejectedSubject: 'ބުކިންގ ރިޖެކްޓްކުރެވިއްޖެ: {reference}',
  rejectedIntro: 'މާފުކުރައްވާ، ތިޔަބޭފުޅާގެ ބުކިންގ ފާސްކުރެވޭކަށް ނެތެވެ. މި ބުކިންގގެ ގޮނޑިތައް ދޫކޮށްލެވިއްޖެއެވެ.',
  remarks: 'ރިމާކްސް: {remarks}',
  remarksNone: 'ނެތް',
  rejectedStatus: 'ތިޔަބޭފުޅާގެ ބުކިންގ ރިޖެކްޓްކުރެވިއްޖެއެވެ. އިތުރު މަޢުލޫމާތަށް ސަޕޯޓާ ގުޅުއްވާށެވެ.',
  support: 'ސަޕޯޓް: {email}، {phone}',
} satisfies Catalogue<typeof en>;
