// ދިވެހި: the footer and the 404 page (English: messages/site.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/site.ts';

export default {
  footerAbout: 'ރަށްތަކާ ދެމެދު ފެރީ ދަތުރު: އޮންލައިންކޮށް ބުކްކޮށް، ބޭންކް ޓްރާންސްފަރއިން ފައިސާ ދައްކައި، ކޮންމެ ވަގުތެއްގައި ވެސް ބުކިންގ ބަލާލެވޭނެ.',
  footerContact: 'ގުޅުއްވާނެ ގޮތް',
  footerServices: 'ޚިދުމަތްތައް',
  footerQuickLinks: 'އަވަސް ލިންކުތައް',
  footerBookTrip: 'ދަތުރެއް ބުކްކުރައްވާ',
  footerCheckBooking: 'ބުކިންގ ބައްލަވާ',
  footerRights: '© {year} {appName}. ހުރިހާ ޙައްޤެއް ލިބިގެންވެއެވެ.',
  serviceFerryBooking: 'ފެރީ ބުކިންގ',
  serviceIslandTransfers: 'ރަށްރަށަށް ދަތުރު',
  serviceAirport: 'އެއާޕޯޓަށް ދަތުރު',
  serviceTourist: 'ފަތުރުވެރިންގެ ދަތުރު',
  notFoundTitle: 'ޞަފްހާ ނުފެނުނު',
  notFoundHeading: 'މާފުކުރައްވާ! ޞަފްހާ ނުފެނުނު',
  notFoundText: 'ހޯއްދަވާ ޞަފްހާއެއް ނެތް، ނުވަތަ އެހެން ތަނަކަށް ބަދަލުވެއްޖެ. މައި ޞަފްހާއިން ފަށާލައްވާ.',
  notFoundHome: 'މައި ޞަފްހާއަށް',
} satisfies Catalogue<typeof en>;
