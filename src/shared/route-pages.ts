/**
 * The HTML file the server sends for each public route, written by the build (vite.config.ts,
 * routePages): index.html plus `<link rel="modulepreload">` for that route's own code. Any other
 * client route gets index.html.
 */
export const ROUTE_PAGES: Readonly<Record<string, string>> = {
  '/': 'routes/home.html',
  '/booking': 'routes/booking.html',
  '/bookings': 'routes/bookings.html',
};
