import { Mail, Phone } from 'lucide-react';
import { SITE_TEXTS } from '#web/i18n/site.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { Link } from '#web/lib/navigation.tsx';
import { useBranding } from '#web/lib/public-queries.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { EmailText } from '../email-text.tsx';
import { BrandMark } from './brand-mark.tsx';

const SERVICES = [
  'site.serviceFerryBooking',
  'site.serviceIslandTransfers',
  'site.serviceAirport',
  'site.serviceTourist',
] as const;

export function SiteFooter() {
  const t = useTexts(SITE_TEXTS);
  const { appName, logoUrl, contact } = useBranding();
  // The operator's own details (PWA settings), one line each even when both addresses are the same.
  const emails = [...new Set([contact.bookingEmail, contact.supportEmail])];
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-sky-950 print:hidden text-sky-100 [&_a:focus-visible]:outline-sky-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="space-y-3">
          <p className="flex items-center gap-2.5 text-lg font-bold text-white">
            <BrandMark logoUrl={logoUrl} />
            {appName}
          </p>
          <p className="max-w-xs text-sm leading-relaxed text-sky-200">{t('site.footerAbout')}</p>
        </div>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-sm font-semibold tracking-wide text-white uppercase">
            {t('site.footerContact')}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a
                href={telHref(contact.phone)}
                className="inline-flex items-center gap-2 hover:text-white hover:underline"
              >
                <Phone aria-hidden="true" className="size-4 text-sky-400" />
                <bdi dir="ltr">{contact.phone}</bdi>
              </a>
            </li>
            {emails.map((email) => (
              <li key={email}>
                <a
                  href={`mailto:${email}`}
                  className="inline-flex items-center gap-2 hover:text-white hover:underline"
                >
                  <Mail aria-hidden="true" className="size-4 shrink-0 text-sky-400" />
                  <EmailText email={email} />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-services">
          <h2 id="footer-services" className="text-sm font-semibold tracking-wide text-white uppercase">
            {t('site.footerServices')}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {SERVICES.map((service) => (
              <li key={service}>{t(service)}</li>
            ))}
          </ul>
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-sm font-semibold tracking-wide text-white uppercase">
            {t('site.footerQuickLinks')}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link to="/booking" className="hover:text-white hover:underline">
                {t('site.footerBookTrip')}
              </Link>
            </li>
            <li>
              <Link to="/bookings" className="hover:text-white hover:underline">
                {t('site.footerCheckBooking')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-sky-200 sm:px-6">
          {t('site.footerRights', { year, appName })}
        </p>
      </div>
    </footer>
  );
}
