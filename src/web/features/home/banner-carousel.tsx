import { useQuery } from '@tanstack/react-query';
import { Pause, Play } from 'lucide-react';
import { type FocusEvent, type PointerEvent, useEffect, useMemo, useState } from 'react';
import { LANGUAGE_DIR } from '#shared/languages.ts';
import { BANNER_ROTATION_MS } from '#shared/public-constants.ts';
import type { Banner } from '#shared/schemas.ts';
import { useLanguage, useTexts } from '#web/i18n/texts.tsx';
import { BANNER_IMAGE_SIZE, bannerImage, bannerSlides } from '#web/lib/banner-slides.ts';
import { bannersQuery } from '#web/lib/public-queries.ts';
import { useIsMobile } from '#web/lib/use-is-mobile.ts';
import { cn } from '#web/lib/utils.ts';
import { HOME_TEXTS } from './texts.ts';

/** docs/product.md banner carousel: active banners for this device class, by display order, rotating every 5 s. */
export function BannerCarousel() {
  const isMobile = useIsMobile();
  const { data, isPending } = useQuery(bannersQuery);

  const slides = useMemo(() => bannerSlides(data ?? [], isMobile), [data, isMobile]);

  const frame = cn(
    'relative mx-auto w-full overflow-hidden rounded-2xl bg-sky-100 shadow-md',
    isMobile ? 'aspect-square' : 'aspect-video',
  );

  if (isPending) return <div aria-hidden="true" className={cn(frame, 'animate-pulse')} />;
  if (slides.length === 0) return null;
  // A new device class means a different set of banners: start again at its first one.
  return (
    <Slides key={isMobile ? 'mobile' : 'desktop'} slides={slides} isMobile={isMobile} frameClass={frame} />
  );
}

type SlidesProps = { slides: Banner[]; isMobile: boolean; frameClass: string };

function Slides({ slides, isMobile, frameClass }: SlidesProps) {
  const t = useTexts(HOME_TEXTS);
  const language = useLanguage();
  // Right to left, the slides line up leftwards from the first: the track moves the other way,
  // so the next banner comes in from the reading direction's end, as the dots' order says.
  const rtl = LANGUAGE_DIR[language] === 'rtl';
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const [stopped, setStopped] = useState(false);
  // The other slides' images wait for the first one, so on a slow connection it gets the
  // bandwidth to itself (it is the largest thing on the first screen).
  const [firstSettled, setFirstSettled] = useState(false);
  const count = slides.length;
  const current = active % count;
  const paused = hovered || keyboardFocus || stopped;
  // Explicit width and height give each box its aspect ratio before an image arrives, so nothing
  // below moves.
  const size = isMobile ? BANNER_IMAGE_SIZE.mobile : BANNER_IMAGE_SIZE.desktop;

  // A timeout per slide rather than an interval: jumping with a dot or resuming after a pause
  // gives the shown banner its full 5 s.
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setTimeout(() => setActive((current + 1) % count), BANNER_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [current, count, paused]);

  // Only a mouse pauses on hover: touch would leave a "hover" behind after every tap.
  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') setHovered(true);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') setHovered(false);
  };
  // Keyboard users get time to read (WCAG 2.2.2); a tapped dot should not stop rotation for good.
  const onFocus = (e: FocusEvent) => {
    if (e.target.matches(':focus-visible')) setKeyboardFocus(true);
  };
  const onBlur = (e: FocusEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardFocus(false);
  };

  return (
    <section
      aria-roledescription={t('home.carouselRole')}
      aria-label={t('home.carouselLabel')}
      className={frameClass}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div
        aria-live={paused ? 'polite' : 'off'}
        className="flex h-full transition-transform duration-700 ease-in-out motion-reduce:transition-none"
        style={{ transform: `translateX(${rtl ? '' : '-'}${current * 100}%)` }}
      >
        {slides.map((banner, index) => (
          // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA carousel pattern; a fieldset is for form controls.
          <div
            key={banner.id}
            role="group"
            aria-roledescription={t('home.slideRole')}
            aria-label={t('home.slideLabel', { n: index + 1, count })}
            inert={index !== current}
            className="h-full w-full shrink-0"
          >
            {(index === 0 || firstSettled) && (
              <img
                {...bannerImage(banner, isMobile)}
                alt={banner.title}
                width={size.width}
                height={size.height}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
                draggable={false}
                onLoad={index === 0 ? () => setFirstSettled(true) : undefined}
                onError={index === 0 ? () => setFirstSettled(true) : undefined}
                className="h-full w-full object-cover"
              />
            )}
          </div>
        ))}
      </div>

      {count > 1 && (
        <div className="absolute inset-x-0 bottom-3 flex justify-center sm:bottom-5">
          <div className="flex items-center gap-1 rounded-full bg-slate-950/45 px-2 py-1 backdrop-blur-sm [&_button:focus-visible]:outline-white">
            {slides.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                aria-label={t('home.goToBanner', { n: index + 1 })}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => setActive(index)}
                className="group grid size-6 place-items-center rounded-full"
              >
                <span
                  className={cn(
                    'block h-2 rounded-full transition-all duration-300 motion-reduce:transition-none',
                    index === current ? 'w-6 bg-white' : 'w-2 bg-white/60 group-hover:bg-white/90',
                  )}
                />
              </button>
            ))}
            <span aria-hidden="true" className="mx-1 h-4 w-px bg-white/40" />
            <button
              type="button"
              aria-label={t(stopped ? 'home.resumeRotation' : 'home.pauseRotation')}
              onClick={() => setStopped((s) => !s)}
              className="grid size-6 place-items-center rounded-full text-white hover:bg-white/20"
            >
              {stopped ? (
                <Play aria-hidden="true" className="size-3.5 fill-current" />
              ) : (
                <Pause aria-hidden="true" className="size-3.5 fill-current" />
              )}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
