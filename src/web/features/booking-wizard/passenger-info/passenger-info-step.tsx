import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { toast } from 'sonner';
import { COUNTRY_CODES, NATIONALITIES } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { publicSettingsQuery } from '../api.ts';
import type { StepProps } from '../booking-wizard.tsx';
import { formatMoney, pricesFrom, totals } from '../format.ts';
import { StepCard } from '../step-card.tsx';
import { ticketTotal } from '../wizard-state.ts';
import { EmailVerification } from './email-verification.tsx';
import { TicketSelector } from './ticket-selector.tsx';

const MAX_TICKETS = 50;

export default function PassengerInfoStep({ state, dispatch }: StepProps) {
  const { passengerInfo: info, tickets, emailVerification } = state;
  const settings = useQuery(publicSettingsQuery);
  const prices = pricesFrom(settings.data);
  const count = ticketTotal(tickets);
  const sum = prices ? totals(tickets, prices) : null;
  const detailsMissing = !info.name.trim() || !info.email.trim() || !info.nationality;
  const canContinue = !detailsMissing && count > 0 && emailVerification.isVerified;

  const onContinue = () => {
    // SPEC.md section 5: the first missing piece is named.
    if (detailsMissing) return void toast.error(MSG.missingPassengerInfo);
    if (count === 0) return void toast.error(MSG.selectTicket);
    if (!emailVerification.isVerified) return void toast.error(MSG.verifyEmailFirst);
    dispatch({ type: 'continueToLaunch' });
  };

  const setInfo = (patch: Partial<typeof info>) => dispatch({ type: 'passengerChanged', info: patch });
  return (
    <StepCard
      title="Passenger Information"
      description="Who is travelling, how we can reach you, and which tickets you need."
      footer={
        <>
          <Button variant="outline" onClick={() => dispatch({ type: 'back' })}>
            <ArrowLeft aria-hidden="true" /> Back
          </Button>
          <Button
            onClick={onContinue}
            aria-disabled={!canContinue}
            className={canContinue ? '' : 'opacity-60'}
          >
            Continue <ArrowRight aria-hidden="true" />
          </Button>
        </>
      }
    >
      <div className="grid gap-6">
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="sr-only">Contact details</legend>
          <div className="grid gap-2 md:col-span-2">
            <Label htmlFor="passenger-name">Full name</Label>
            <Input
              id="passenger-name"
              autoComplete="name"
              required
              value={info.name}
              onChange={(e) => setInfo({ name: e.target.value })}
            />
          </div>
          <div className="md:col-span-2">
            <EmailVerification state={state} dispatch={dispatch} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="passenger-nationality">Nationality</Label>
            <NativeSelect
              id="passenger-nationality"
              value={info.nationality}
              onChange={(e) => setInfo({ nationality: e.target.value })}
            >
              {NATIONALITIES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="passenger-phone">Phone (optional)</Label>
            <div className="grid grid-cols-[10.5rem_1fr] gap-2">
              <NativeSelect
                aria-label="Country code"
                value={info.countryCode}
                onChange={(e) => setInfo({ countryCode: e.target.value })}
              >
                {COUNTRY_CODES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} {c.country}
                  </option>
                ))}
              </NativeSelect>
              <Input
                id="passenger-phone"
                type="tel"
                autoComplete="tel-national"
                value={info.phone}
                onChange={(e) => setInfo({ phone: e.target.value })}
              />
            </div>
          </div>
        </fieldset>

        <section aria-labelledby="tickets-heading" className="grid gap-3">
          <h3 id="tickets-heading" className="font-semibold text-slate-900">
            Tickets
          </h3>
          <TicketSelector
            tickets={tickets}
            prices={prices}
            max={Math.min(MAX_TICKETS, state.selectedTrip?.availableSeats ?? MAX_TICKETS)}
            onChange={(next) => dispatch({ type: 'ticketsChanged', tickets: next })}
          />
          <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-sky-50 p-4">
            <span className="text-sm text-slate-700">
              {count} {count === 1 ? 'ticket' : 'tickets'} · Estimated total
            </span>
            <span className="font-semibold text-slate-900" data-testid="ticket-totals">
              {sum ? `${formatMoney(sum.mvr, 'MVR')} / ${formatMoney(sum.usd, 'USD')}` : '…'}
            </span>
          </div>
        </section>
      </div>
    </StepCard>
  );
}
