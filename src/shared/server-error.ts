/**
 * Any unexpected failure (MSG.serverError). A module of its own, so the web's entry (the API
 * client, the error page) carries this one text rather than every text of #shared/messages/api.ts.
 */
export const SERVER_ERROR = 'Something went wrong. Please try again.';
