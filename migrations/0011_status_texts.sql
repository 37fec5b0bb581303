-- A found booking's status texts moved from the lookup namespace to their own, status, which
-- Check Booking loads with the outcome: the operator's corrections of them follow their ids.
UPDATE "text_overrides"
SET "text_id" = 'status.' || substring("text_id" from 8)
WHERE "text_id" IN (
  'lookup.ticketPending', 'lookup.ticketConfirmed', 'lookup.ticketCancelled', 'lookup.ticketCompleted',
  'lookup.ticketVoided', 'lookup.paymentPending', 'lookup.paymentCompleted', 'lookup.paymentFailed',
  'lookup.statusPending', 'lookup.statusConfirmed', 'lookup.statusCancelled', 'lookup.statusCompleted',
  'lookup.statusVoided'
);
