import { CreditCard, type LucideIcon, MapPinned, TicketCheck } from 'lucide-react';
import { ARRIVAL_ADVICE_MINUTES } from '#shared/constants.ts';

type Step = { icon: LucideIcon; title: string; text: string };

const STEPS: Step[] = [
  {
    icon: MapPinned,
    title: 'Choose your trip',
    text: 'Pick a travel date and route, then your ferry and the seats you like.',
  },
  {
    icon: CreditCard,
    title: 'Pay by bank transfer',
    text: 'Transfer the fare in USD or MVR and upload a photo of your payment slip.',
  },
  {
    icon: TicketCheck,
    title: 'Travel with your reference',
    text: `Check your booking status any time and arrive ${ARRIVAL_ADVICE_MINUTES} minutes before departure.`,
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading">
      <h2 id="how-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        How booking works
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="grid size-11 place-items-center rounded-xl bg-sky-50 text-sky-700"
              >
                <Icon className="size-5" />
              </span>
              <span className="text-sm font-semibold text-sky-700">Step {index + 1}</span>
            </div>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
