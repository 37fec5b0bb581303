// English day and month names and the order of a date's parts (src/web/lib/dates.ts and the
// e-mails): ids `dates.<key>`. Intl has no Dhivehi, so both languages take them from here.
export default {
  /** A travel date: 'Sun, 22 Nov 2026'. */
  travelDate: '{weekday}, {day} {month} {year}',
  /** An instant: '21 Nov 2026, 14:05'. */
  instant: '{day} {month} {year}, {time}',
  weekday0: 'Sun',
  weekday1: 'Mon',
  weekday2: 'Tue',
  weekday3: 'Wed',
  weekday4: 'Thu',
  weekday5: 'Fri',
  weekday6: 'Sat',
  month1: 'Jan',
  month2: 'Feb',
  month3: 'Mar',
  month4: 'Apr',
  month5: 'May',
  month6: 'Jun',
  month7: 'Jul',
  month8: 'Aug',
  month9: 'Sept',
  month10: 'Oct',
  month11: 'Nov',
  month12: 'Dec',
} as const;
