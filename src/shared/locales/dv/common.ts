// ދިވެހި: the header, the footer, the 404 page and the dates (English: messages/common.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/common.ts';

export default {
  skipToContent: 'މައިގަނޑު ބަޔަށް ދިއުމަށް',
  mainNav: 'މައި މެނޫ',
  navHome: 'މައި ޞަފްހާ',
  navCheckBooking: 'ބުކިންގ ބެލުން',
  languageSwitch: 'Language / ބަސް',
  serverError: 'މައްސަލައެއް ދިމާވެއްޖެ. ކުޑަ ވަގުތަކަށްފަހު އަލުން މަސައްކަތް ކުރައްވާ.',
  reloadPage: 'ޞަފްހާ އަލުން ލޯޑުކުރައްވާ',
  notSpecified: 'ބަޔާންކޮށްފައެއް ނެތް',
  loading: 'ލޯޑުވަނީ…',
} satisfies Catalogue<typeof en>;
