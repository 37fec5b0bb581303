/** What the partners screen says when something is done (docs/decisions/043-partner-accounts.md). */
export const partnerTexts = {
  added: (name: string) => `${name} can now book on account`,
  saved: (name: string) => `The terms of ${name} were saved`,
  deactivated: (name: string) => `${name} can no longer book`,
  activated: (name: string) => `${name} can book again`,
  paymentRecorded: (amount: string, name: string) => `Payment of ${amount} recorded for ${name}`,
  allotmentSet: (count: number, departure: string) =>
    `${count} ${count === 1 ? 'seat' : 'seats'} set aside on ${departure}`,
  allotmentRemoved: (departure: string) => `The seats on ${departure} were given back`,
  saveFailed: 'The partner could not be saved',
};
