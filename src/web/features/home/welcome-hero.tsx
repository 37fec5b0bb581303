import { useQuery } from '@tanstack/react-query';
import { Headset, type LucideIcon, Route, Search, Ship, Users } from 'lucide-react';
import { HOME_CLAIMS } from '#shared/public-constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useLanguage, useTexts } from '#web/i18n/texts.tsx';
import { Link } from '#web/lib/navigation.tsx';
import { brandingQuery } from '#web/lib/public-queries.ts';
import { HOME_TEXTS } from './texts.ts';

const CLAIM_ICONS: Record<(typeof HOME_CLAIMS)[number]['label'], LucideIcon> = {
  'home.claimDailyRoutes': Route,
  'home.claimSupport': Headset,
  'home.claimTravelers': Users,
};

type WelcomeHeroProps = { appName: string };

export function WelcomeHero({ appName }: WelcomeHeroProps) {
  const t = useTexts(HOME_TEXTS);
  const dv = useLanguage() === 'dv';
  // The operator's claims (null: the defaults); none until the branding is in, so no hidden one flashes.
  const homeClaims = useQuery(brandingQuery).data?.homeClaims;
  const claims =
    homeClaims === undefined
      ? []
      : (homeClaims?.map((c) => ({ value: c.value, label: (dv && c.labelDv) || c.label, Icon: null })) ??
        HOME_CLAIMS.map((c) => ({ value: c.value, label: t(c.label), Icon: CLAIM_ICONS[c.label] })));
  return (
    <section
      aria-labelledby="welcome-heading"
      className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-sky-700 via-sky-800 to-sky-950 px-6 py-10 text-white shadow-lg sm:px-12 sm:py-14"
    >
      <Waves />
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-center lg:gap-14">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-sky-50 ring-1 ring-white/20 ring-inset">
            <Ship aria-hidden="true" className="size-4" />
            {t('home.heroTagline')}
          </p>
          <h1
            id="welcome-heading"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            {t('home.welcome', { appName })}
          </h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-pretty text-sky-50/90 sm:text-lg">
            {t('home.heroIntro')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="light" size="lg">
              <Link to="/booking">
                <Ship aria-hidden="true" />
                {t('home.bookFerry')}
              </Link>
            </Button>
            <Button asChild variant="outline-light" size="lg">
              <Link to="/bookings">
                <Search aria-hidden="true" />
                {t('home.checkBooking')}
              </Link>
            </Button>
          </div>
        </div>

        {claims.length > 0 && (
          <dl
            className={`grid gap-3 lg:grid-flow-row lg:grid-cols-1 ${claims.length > 3 ? 'grid-cols-2' : 'grid-flow-col auto-cols-fr'}`}
          >
            {claims.map(({ value, label, Icon }) => (
              <div
                key={value + label}
                className="flex flex-col-reverse items-center gap-1 rounded-2xl bg-white/10 px-2 py-4 text-center ring-1 ring-white/15 ring-inset backdrop-blur-sm lg:flex-row-reverse lg:justify-end lg:gap-4 lg:px-5 lg:text-start"
              >
                <dt className="text-xs font-medium text-sky-100 sm:text-sm lg:text-base">{label}</dt>
                <dd className="flex items-center gap-3 text-2xl font-bold sm:text-3xl">
                  {Icon && (
                    <span
                      aria-hidden="true"
                      className="hidden size-11 shrink-0 place-items-center rounded-xl bg-white/10 text-sky-200 lg:grid"
                    >
                      <Icon className="size-5" />
                    </span>
                  )}
                  <bdi dir="ltr">{value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}

/** Decorative swell along the bottom of the hero. */
function Waves() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 1440 320"
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-x-0 bottom-0 -z-10 h-40 w-full text-sky-500/20 sm:h-56"
    >
      <path
        fill="currentColor"
        d="M0 224l60-16c60-16 180-48 300-42.7C480 171 600 213 720 218.7c120 5.3 240-26.7 360-42.7s240-16 300-16h60v160H0z"
      />
      <path
        fill="currentColor"
        d="M0 272l80-10.7c80-10.3 240-32.3 400-26.6 160 5.3 320 37.3 480 42.6 160 5.7 320-16.3 400-26.6l80-10.7v80H0z"
      />
    </svg>
  );
}
