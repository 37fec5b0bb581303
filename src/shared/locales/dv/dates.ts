// ދިވެހި: day and month names (English: messages/dates.ts).
import type { Catalogue } from '../../catalogue.ts';
import type en from '../../messages/dates.ts';

export default {
  travelDate: '{weekday}، {day} {month} {year}',
  instant: '{day} {month} {year}، {time}',
  weekday0: 'އާދިއްތަ',
  weekday1: 'ހޯމަ',
  weekday2: 'އަންގާރަ',
  weekday3: 'ބުދަ',
  weekday4: 'ބުރާސްފަތި',
  weekday5: 'ހުކުރު',
  weekday6: 'ހޮނިހިރު',
  month1: 'ޖެނުއަރީ',
  month2: 'ފެބްރުއަރީ',
  month3: 'މާރިޗު',
  month4: 'އޭޕްރީލް',
  month5: 'މެއި',
  month6: 'ޖޫން',
  month7: 'ޖުލައި',
  month8: 'އޯގަސްޓު',
  month9: 'ސެޕްޓެމްބަރު',
  month10: 'އޮކްޓޫބަރު',
  month11: 'ނޮވެމްބަރު',
  month12: 'ޑިސެމްބަރު',
} satisfies Catalogue<typeof en>;
