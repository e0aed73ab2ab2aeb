// The home banner carousel: slides side by side in a scroll-snap strip (native swipe on phones), advancing every
// 3 s and wrapping from the last slide to the first, with dot indicators. Autoplay pauses while the pointer or
// keyboard focus is on it and while the tab is hidden. Written small instead of using embla-carousel, which would
// add 18 KB gzipped to the home page's first load (docs/decisions/0011-storefront-js-budget.md).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameDto } from '@topup/contract/games';
import { TIMINGS } from '@topup/contract/limits';
import { BannerSlide } from './banner-slide';

export function BannerCarousel({ slides, intervalMs = TIMINGS.carouselAutoplayMs }: { slides: GameDto[]; intervalMs?: number }) {
  const { t } = useTranslation('storefront');
  const strip = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const selectedRef = useRef(0);

  const goTo = useCallback(
    (i: number, smooth = true) => {
      const el = strip.current;
      const index = (i + slides.length) % slides.length;
      selectedRef.current = index;
      setSelected(index);
      if (!el) return;
      const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
      const left = index * el.clientWidth;
      if (typeof el.scrollTo === 'function') el.scrollTo({ left, behavior: smooth && !reduce ? 'smooth' : 'auto' });
      else el.scrollLeft = left;
    },
    [slides.length],
  );

  useEffect(() => {
    if (paused || slides.length < 2) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') goTo(selectedRef.current + 1);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [paused, slides.length, intervalMs, goTo]);

  // A swipe moves the strip itself: follow it so the dots and the next autoplay step start from there.
  const onScroll = () => {
    const el = strip.current;
    if (!el || !el.clientWidth) return;
    const index = Math.round(el.scrollLeft / el.clientWidth);
    if (index !== selectedRef.current && index >= 0 && index < slides.length) {
      selectedRef.current = index;
      setSelected(index);
    }
  };

  return (
    <section
      data-testid="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onTouchStart={() => setPaused(true)}
      onTouchEnd={() => setPaused(false)}
    >
      <div
        ref={strip}
        onScroll={onScroll}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((game, i) => (
          <div
            key={game.id}
            className="w-full shrink-0 snap-start snap-always"
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slide', { n: i + 1, count: slides.length })}
            aria-hidden={i !== selected || undefined}
            inert={i !== selected || undefined}
            data-testid="carousel-slide"
          >
            <BannerSlide game={game} eager={i === 0} />
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-center">
        {slides.map((game, i) => (
          <button
            key={game.id}
            type="button"
            onClick={() => goTo(i)}
            aria-label={t('home.goToSlide', { n: i + 1 })}
            aria-current={i === selected || undefined}
            className="flex h-8 w-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-indigo-600"
            data-testid="carousel-dot"
          >
            <span aria-hidden className={`h-2 rounded-full transition-all ${i === selected ? 'w-5 bg-indigo-600' : 'w-2 bg-slate-400'}`} />
          </button>
        ))}
      </div>
    </section>
  );
}
