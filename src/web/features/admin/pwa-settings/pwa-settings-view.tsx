import { useQuery } from '@tanstack/react-query';
import { MSG } from '#shared/messages/api.ts';
import type { Branding } from '#shared/schemas.ts';
import { SettingsScreen } from '#web/components/settings-screen.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { pwaSettingsQuery } from './api.ts';
import { AppSettingsForm } from './app-settings-form.tsx';
import { BrandingImageCard } from './branding-image-card.tsx';
import { ContactDetailsCard } from './contact-details-card.tsx';
import { HomeClaimsCard } from './home-claims-card.tsx';
import { RemindersCard } from './reminders-card.tsx';

export function PwaSettingsView() {
  return (
    <SettingsScreen
      query={useQuery(pwaSettingsQuery)}
      what="PWA settings"
      skeletons={
        <>
          <Skeleton className="h-96 rounded-2xl" />
          <Skeleton className="h-56 rounded-2xl" />
          <div className="grid gap-4 md:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-72 rounded-2xl" />
            ))}
          </div>
        </>
      }
    >
      {(data) => <PwaSettings data={data} />}
    </SettingsScreen>
  );
}

function PwaSettings({ data }: { data: Branding }) {
  return (
    <div className="mt-6 grid gap-6">
      <AppSettingsForm branding={data} />
      <ContactDetailsCard branding={data} />
      <HomeClaimsCard branding={data} />
      <RemindersCard />
      <section aria-labelledby="branding-images-title" className="grid gap-4">
        <div>
          <h2 id="branding-images-title" className="text-lg font-semibold text-slate-900">
            Images
          </h2>
          <p className="text-sm text-slate-600">
            {MSG.bannerFormats}. Each is optimized in your browser first.
          </p>
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          <BrandingImageCard kind="logo" url={data.logoUrl} />
          <BrandingImageCard kind="icon" url={data.iconUrl} />
          <BrandingImageCard kind="favicon" url={data.faviconUrl} />
        </div>
      </section>
    </div>
  );
}
