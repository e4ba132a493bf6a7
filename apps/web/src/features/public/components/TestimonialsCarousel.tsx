import clsx from 'clsx';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { Badge } from '../../../ui/Badge';
import { useLazyTranslation } from '../lazyNamespaces';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { HydratedFieldset } from '../../../ui/HydratedFieldset';

export interface Testimonial {
  name: string;
  role: string;
  quote: string;
}

/** Seed: a horizontal swipe of at least 75 px moves to the next or previous story. */
export const SWIPE_THRESHOLD_PX = 75;

/** The index `step` places away from `index`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

interface TestimonialsCarouselProps {
  items: readonly Testimonial[];
  /** Names the carousel for assistive technology. */
  label: string;
}

/**
 * Which story shows, and the ways to move: a step either way (buttons, arrow keys) or a swipe of
 * at least SWIPE_THRESHOLD_PX; all wrap around.
 */
function useCarousel(count: number) {
  const [current, setCurrent] = useState(0);
  const pointerStart = useRef<{ id: number; x: number } | null>(null);

  const go = (step: number) => setCurrent((index) => wrapIndex(index, step, count));

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointerStart.current = { id: event.pointerId, x: event.clientX };
    // Keep receiving the pointer when a swipe ends outside the card.
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Not every environment supports capture; the swipe then only counts inside the card.
    }
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = pointerStart.current;
    pointerStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const distance = event.clientX - start.x;
    if (distance <= -SWIPE_THRESHOLD_PX) go(1);
    else if (distance >= SWIPE_THRESHOLD_PX) go(-1);
  }

  const swipe = {
    onPointerDown,
    onPointerUp,
    onPointerCancel: () => {
      pointerStart.current = null;
    },
  };
  return { current, setCurrent, go, onKeyDown, swipe };
}

/**
 * One story at a time, with previous/next buttons, dots, arrow keys and swipe; all wrap around.
 * Follows the WAI-ARIA carousel pattern (no auto-rotation, so no pause control is needed).
 */
export function TestimonialsCarousel({ items, label }: TestimonialsCarouselProps) {
  const { t } = useLazyTranslation('publicLower');
  const count = items.length;
  const { current, setCurrent, go, onKeyDown, swipe } = useCarousel(count);

  if (count === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="mx-auto max-w-3xl"
    >
      <div
        className="cursor-grab touch-pan-y overflow-hidden rounded-3xl border border-border bg-surface select-none active:cursor-grabbing"
        {...swipe}
      >
        <div
          aria-live="polite"
          className="flex transition-transform duration-300 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${current * 100}%)` }}
        >
          {items.map((item, index) => (
            <TestimonialSlide
              key={item.name}
              item={item}
              label={t('testimonials.slide', { current: index + 1, total: count })}
              shown={index === current}
              sampleLabel={t('testimonials.sample')}
            />
          ))}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-4">
        <HydratedFieldset>
          <CarouselButton aria-label={t('testimonials.previous')} onClick={() => go(-1)}>
            <ChevronLeftIcon />
          </CarouselButton>
          <CarouselDots
            items={items}
            current={current}
            onSelect={setCurrent}
            dotLabel={(index) => t('testimonials.goTo', { index })}
          />
          <CarouselButton aria-label={t('testimonials.next')} onClick={() => go(1)}>
            <ChevronRightIcon />
          </CarouselButton>
        </HydratedFieldset>
      </div>
    </section>
  );
}

/** One story; the hidden ones are out of the accessibility tree and unfocusable. */
function TestimonialSlide({
  item,
  label,
  shown,
  sampleLabel,
}: {
  item: Testimonial;
  label: string;
  shown: boolean;
  sampleLabel: string;
}) {
  return (
    <figure
      role="group"
      aria-roledescription="slide"
      aria-label={label}
      aria-hidden={!shown}
      inert={!shown}
      className="flex w-full shrink-0 flex-col gap-6 p-8 sm:p-12"
    >
      <Badge tone="info" className="self-start">
        {sampleLabel}
      </Badge>
      <blockquote className="text-lg leading-relaxed text-text text-pretty sm:text-xl">
        <p>“{item.quote}”</p>
      </blockquote>
      <figcaption className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 items-center justify-center rounded-full bg-brand/15 font-semibold text-brand-strong"
        >
          {item.name.charAt(0)}
        </span>
        <span>
          <span className="block font-semibold text-text">{item.name}</span>
          <span className="block text-sm text-muted">{item.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** A dot per story; the current one is wider and marked aria-current. */
function CarouselDots({
  items,
  current,
  onSelect,
  dotLabel,
}: {
  items: readonly Testimonial[];
  current: number;
  onSelect: (index: number) => void;
  /** The dot's accessible name, by the story's 1-based number. */
  dotLabel: (index: number) => string;
}) {
  return (
    <ul className="flex items-center">
      {items.map((item, index) => (
        <li key={item.name}>
          <button
            type="button"
            onClick={() => onSelect(index)}
            aria-label={dotLabel(index + 1)}
            aria-current={index === current ? 'true' : undefined}
            className="group flex size-8 items-center justify-center rounded-full"
          >
            <span
              className={clsx(
                'block h-2 rounded-full transition-all',
                index === current ? 'w-6 bg-brand-strong' : 'w-2 bg-muted/60 group-hover:bg-muted',
              )}
            />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A round arrow button beside the dots: the icon shows, its `aria-label` is read out. */
function CarouselButton(props: { 'aria-label': string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="flex size-11 items-center justify-center rounded-full border border-border bg-surface text-text transition-colors hover:border-brand/60 hover:text-brand-strong"
      {...props}
    />
  );
}
