// English texts of the trips found, the launch and the seats (booking steps 1, 3 and 4), loaded
// with those parts of the wizard: ids `vessel.<key>`.
export default {
  // Step 1: the trips found
  trips: 'Available trips',
  /** The name of the arrow between a trip's origin and destination. */
  routeTo: 'to',
  departs: 'Departs {time} · {date}',
  soldOut: 'Sold out',
  seatsFree: '{n, plural, one {# seat available} other {# seats available}}',
  stops: 'Stops: {stops}',
  /** Between two stops in the order travelled: points the way the text reads. */
  stopArrow: '→',
  selectTrip: 'Select Trip',
  selectTripLabel: 'Select Trip {from} to {to} at {time}',
  /** When the launch is at the passenger's To stop. */
  arrives: 'Arrives {time}',
  /** How long the journey takes: '1 h 20 min', '2 h', '45 min'. */
  duration: '{h} h {m} min',
  durationHours: '{h} h',
  durationMinutes: '{m} min',
  /** The party's fare; <amount> is e.g. 'MVR 50.00'. */
  fare: '{n, plural, one {Fare for # passenger} other {Fare for # passengers}}: {amount}',
  // No trips on the date searched
  nearestDates: 'Nearest dates with trips',
  searchOn: 'Search trips on {date}',
  noNearDates: 'No other date has trips between these places yet.',
  // Step 3: the launch
  launchTitle: 'Choose Your Launch',
  launchIntro: 'Pick the vessel you want to travel on. You need {n, plural, one {# seat} other {# seats}}.',
  toSeats: 'Continue to Seats',
  loadingLaunches: 'Loading launches…',
  capacity: 'Capacity: {n, plural, one {# seat} other {# seats}}',
  launchTooSmall: 'Not enough free seats for your tickets',
  // Step 4: the seats
  seatsTitle: 'Choose Your Seats',
  seatsIntro: '{launch}: select {n, plural, one {# seat} other {# seats}}.',
  toPayment: 'Continue to Payment',
  seatMap: 'Seat map',
  /** The bow, above the seat map. */
  front: 'Front',
  legend: 'Seat legend',
  available: 'Available',
  selected: 'Selected',
  occupied: 'Occupied',
  seatAvailable: 'Seat {seat}, available',
  seatSelected: 'Seat {seat}, selected',
  seatOccupied: 'Seat {seat}, occupied',
  selectedCount: 'Selected {n} of {total}',
  selectedSeats: 'Selected {n} of {total}: {seats}',
  // Return trips: step 1's choice and the way back, steps 3 and 4 per departure
  tripKind: 'Trip',
  oneWay: 'One way',
  returnTrip: 'Return',
  returnDate: 'Return date',
  returnTitle: 'Choose your return',
  returnIntro: 'From {from} to {to}, leaving after your outbound trip arrives.',
  noReturnTrips:
    'No trip back leaves after your outbound trip arrives on this date. Try a later return date.',
  outbound: 'Outbound',
  inbound: 'Return',
  seatsOut: 'Seats on the way out',
  seatsBack: 'Seats on the way back',
  // The seat hold's countdown (steps 4 and 5), loaded with it and not on /booking's first load.
  /** <0> holds the countdown, e.g. 14:59. */
  heldFor: 'Seats held for <0>{time}</0>',
  holdExpired: 'Your seat hold has expired. Please select your trip again.',
} as const;
