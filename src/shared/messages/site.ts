// English texts of the footer and the 404 page, which load after the first screen: ids `site.<key>`.
export default {
  footerAbout:
    'Ferry trips between the islands: book online, pay by bank transfer and check your booking any time.',
  footerContact: 'Contact',
  footerServices: 'Services',
  footerQuickLinks: 'Quick links',
  footerBookTrip: 'Book a trip',
  footerCheckBooking: 'Check booking',
  footerRights: '© {year} {appName}. All rights reserved.',
  serviceFerryBooking: 'Ferry booking',
  serviceIslandTransfers: 'Island transfers',
  serviceAirport: 'Airport connections',
  serviceTourist: 'Tourist routes',
  notFoundTitle: 'Page not found',
  notFoundHeading: 'Oops! Page not found',
  notFoundText: 'The page you are looking for does not exist or has moved. Let’s get you back on course.',
  notFoundHome: 'Return to Home',
} as const;
