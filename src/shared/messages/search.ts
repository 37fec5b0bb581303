// English texts of the trip search form (date, From, To), shown by the booking wizard's first step
// and by the home page: ids `search.<key>`. On both pages' first load: keep them short.
export default {
  date: 'Travel date',
  from: 'From',
  fromPick: 'Select departure',
  to: 'To',
  toPick: 'Select destination',
  search: 'Search Trips',
  /** Under the date left empty when Search is pressed (an empty From or To is told by its placeholder). */
  dateMissing: 'Please choose a travel date.',
  /** The button between From and To that exchanges them. */
  swap: 'Swap From and To',
} as const;
