// ދިވެހި: the home namespace (English: messages/home.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/home.ts';

export default {
  carouselLabel: 'ފާހަގަކޮށްފައިވާ ބެނަރުތައް',
  carouselRole: 'ބަދަލުވަމުންދާ ބެނަރުތައް',
  slideRole: 'ބެނަރު',
  slideLabel: '{count} ގެ ތެރެއިން {n} ވަނަ',
  goToBanner: '{n} ވަނަ ބެނަރު ދައްކާ',
  pauseRotation: 'ބެނަރުތައް ބަދަލުވުން ހުއްޓާލައްވާ',
  resumeRotation: 'ބެނަރުތައް ބަދަލުވުން އަލުން ފައްޓަވާ',
  heroTagline: 'ރަށްރަށާ ދެމެދު ފެރީ ބުކިންގ',
  welcome: '{appName} އަށް މަރުޙަބާ',
  heroIntro:
    'ރަށްތަކާ ދެމެދު ހިތްހަމަޖެހޭ ފެރީ ދަތުރުތައް. ދަތުރާއި ގޮނޑިތައް އޮންލައިންކޮށް ހޮއްވަވައި، ބޭންކް ޓްރާންސްފަރއިން ފައިސާ ދައްކަވައި، ބުކިންގ ރެފަރެންސް ބޭނުންކޮށްގެން ބުކިންގ ބައްލަވާ.',
  bookFerry: 'ފެރީ ބުކްކުރައްވާ',
  checkBooking: 'ބުކިންގ ބައްލަވާ',
  claimDailyRoutes: 'ދުވާލީ ރޫޓު',
  claimSupport: 'އެހީތެރިކަން',
  claimTravelers: 'ދަތުރުވެރިން',
  howHeading: 'ބުކްކުރައްވާނެ ގޮތް',
  step: 'ފިޔަވަޅު {n}',
  step1Title: 'ދަތުރު ހޮއްވަވާ',
  step1Text: 'ދަތުރުކުރައްވާ ތާރީޚާއި ރޫޓު ހޮއްވަވާ، ދެން ލޯންޗާއި ބޭނުންފުޅު ގޮނޑިތައް ހޮއްވަވާ.',
  step2Title: 'ބޭންކް ޓްރާންސްފަރއިން ފައިސާ ދައްކަވާ',
  step2Text: 'ދަތުރުގެ އަގު USD ނުވަތަ MVR އިން ޓްރާންސްފަރ ކުރައްވައި، ޕޭމަންޓް ސްލިޕްގެ ފޮޓޯއެއް އަޕްލޯޑް ކުރައްވާ.',
  step3Title: 'ބުކިންގ ރެފަރެންސް އާއެކު ދަތުރު ކުރައްވާ',
  step3Text: 'ކޮންމެ ވަގުތެއްގައި ވެސް ބުކިންގގެ ހާލަތު ބައްލަވާ، އަދި ފުރާ ގަޑީގެ {minutes} މިނިޓް ކުރިން ވަޑައިގަންނަވާ.',
} satisfies Catalogue<typeof en>;
