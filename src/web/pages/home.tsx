import { PageContainer } from '../components/layout/page-container.tsx';
import { HomeTripSearch } from '../features/booking-wizard/select-trip/home-search.tsx';
import { BannerCarousel } from '../features/home/banner-carousel.tsx';
import { HowItWorks } from '../features/home/how-it-works.tsx';
import { HOME_TEXTS } from '../features/home/texts.ts';
import { WelcomeHero } from '../features/home/welcome-hero.tsx';
import { useTexts } from '../i18n/texts.tsx';
import { useBranding } from '../lib/public-queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export default function HomePage() {
  // The page waits for its texts in the reader's language once, rather than part by part.
  const t = useTexts(HOME_TEXTS);
  const { appName } = useBranding();
  useDocumentTitle();
  return (
    <PageContainer className="space-y-8 pt-4 sm:space-y-12 sm:pt-8">
      {/* The search first: on a phone it is on the first screen, above the banner. */}
      <HomeTripSearch title={t('home.bookFerry')} />
      <BannerCarousel />
      <WelcomeHero appName={appName} />
      <HowItWorks />
    </PageContainer>
  );
}
