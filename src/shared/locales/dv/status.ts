// ދިވެހި: the status namespace, a found booking's statuses (English: messages/status.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/status.ts';

export default {
  ticketPending: 'ބަލަމުންދަނީ',
  ticketAwaitingCard: 'ކާޑުން ފައިސާ ދެއްކުމަށް',
  ticketConfirmed: 'ފާސްކުރެވިފައި',
  ticketCancelled: 'ރިޖެކްޓްކުރެވިފައި',
  ticketCompleted: 'ނިމިފައި',
  ticketVoided: 'ވޮއިޑްކުރެވިފައި',
  ticketCancelledByOperator: 'އޮޕަރޭޓަރު ކެންސަލްކޮށްފައި',
  ticketCancelledByPassenger: 'ފަސިންޖަރު ކެންސަލްކޮށްފައި',
  paymentPending: 'ފައިސާ ބަލަމުންދަނީ',
  paymentCompleted: 'ފައިސާ ދައްކާފައި',
  paymentFailed: 'ފައިސާ ދެއްކުން ނާކާމިޔާބު',
  statusPending: 'ބުކިންގ ބަލަމުންދަނީ. ފާސްކުރެވުމުން އެކަން ދަންނަވާނަން.',
  statusAwaitingCard: 'ބުކިންގ ހުރީ ކާޑުން ފައިސާ ދައްކާތޯ މަޑުކުރަމުން. ފައިސާ ދައްކަންދެން ނުވަތަ ހިފަހައްޓާ ވަގުތު ނިމެންދެން ސީޓުތައް ހިފަހައްޓާނަން.',
  statusConfirmed: 'ބުކިންގ ފާސްކުރެވިއްޖެ. ފުރާ ގަޑިއަށް 30 މިނިޓް ކުރިން ވަޑައިގަންނަވާ.',
  statusCancelled: 'ބުކިންގ ރިޖެކްޓްކުރެވިއްޖެ. އިތުރު މަޢުލޫމާތަށް ސަޕޯޓާ ގުޅުއްވާ.',
  statusCompleted: 'ދަތުރު ނިމިއްޖެ. އަޅުގަނޑުމެންނާއެކު ދަތުރުކުރެއްވީތީ ޝުކުރިއްޔާ!',
  statusVoided: 'މި ޓިކެޓް ކައުންޓަރުން ވޮއިޑްކުރެވިއްޖެ. އިތުރު މަޢުލޫމާތަށް ސަޕޯޓާ ގުޅުއްވާ.',
  statusCancelledByOperator: 'ތިބާގެ ދަތުރު އޮޕަރޭޓަރު ކެންސަލްކޮށްފިއެވެ. ފައިސާ ފުރިހަމައަށް ރީފަންޑް ކުރެވޭނެ، ނުވަތަ އެހެން ދަތުރެއް ހޮވޭނެ.',
  statusCancelledByPassenger: 'ތިބާގެ އެދުމުގެ މަތިން މި ބުކިންގ ކެންސަލްކުރެވިއްޖެ.',
  statusAwaitingTransfer:
    '{time} އާ ހަމައަށް ތިޔަބޭފުޅާގެ ޓްރާންސްފަރަށް މަޑުކުރަމުންދަނީ. އެ ގަޑިއަށް ފައިސާ ނުލިބިއްޖެނަމަ، ގޮނޑިތައް އެހެން ފަސިންޖަރުންނަށް ހުޅުވިގެންދާނެއެވެ.',
  paymentSlipReceived: 'ސްލިޕް ލިބިއްޖެ، ބަލަމުންދަނީ',
  slipReceivedUsually: 'ސްލިޕް ލިބިއްޖެ، ބަލަމުންދަނީ — އާންމުކޮށް {duration} ތެރޭގައި ފާސްކުރެވޭ',
  approvalHours: '{n} ގަޑިއިރު',
  approvalMinutes: '{n} މިނިޓު',
  approvalHoursMinutes: '{hours} ގަޑިއިރާއި {minutes} މިނިޓު',
} satisfies Catalogue<typeof en>;
