import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../../i18n';
import { ensureNamespace } from '../lazyNamespaces';
import { SWIPE_THRESHOLD_PX, TestimonialsCarousel, wrapIndex } from './TestimonialsCarousel';

const items = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve'].map((name) => ({
  name,
  role: 'Role',
  quote: `Quote of ${name}`,
}));

beforeAll(() => ensureNamespace('publicLower', 'en'));
afterEach(cleanup);

/** The name on the slide that is shown (the others are hidden from everyone). */
function currentName(): string | undefined {
  const shown = document.querySelectorAll('figure[aria-hidden="false"]');
  expect(shown).toHaveLength(1);
  return items.find((item) => shown[0]?.textContent?.includes(item.quote))?.name;
}

function setup() {
  render(<TestimonialsCarousel items={items} label="Sample stories" />);
  return {
    next: () => fireEvent.click(screen.getByRole('button', { name: 'Next story' })),
    previous: () => fireEvent.click(screen.getByRole('button', { name: 'Previous story' })),
  };
}

describe('wrapIndex', () => {
  it('wraps past both ends', () => {
    expect(wrapIndex(4, 1, 5)).toBe(0);
    expect(wrapIndex(0, -1, 5)).toBe(4);
    expect(wrapIndex(2, 1, 5)).toBe(3);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe('TestimonialsCarousel', () => {
  it('is announced as a carousel of labelled slides', () => {
    setup();
    const carousel = screen.getByRole('region', { name: 'Sample stories' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = document.querySelectorAll('[aria-roledescription="slide"]');
    expect(slides).toHaveLength(5);
    expect(slides[0]?.getAttribute('aria-label')).toBe('1 of 5');
    expect(currentName()).toBe('Ann');
  });

  it('wraps from the first story back to the last and forward again', () => {
    const { next, previous } = setup();
    previous();
    expect(currentName()).toBe('Eve');
    next();
    expect(currentName()).toBe('Ann');
  });

  it('wraps from the last story to the first with next', () => {
    const { next } = setup();
    for (let step = 0; step < 4; step += 1) next();
    expect(currentName()).toBe('Eve');
    next();
    expect(currentName()).toBe('Ann');
  });

  it('moves to the story of a dot and marks that dot current', () => {
    setup();
    const dot = screen.getByRole('button', { name: 'Show story 4' });
    fireEvent.click(dot);
    expect(currentName()).toBe('Dan');
    expect(dot.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Show story 1' }).hasAttribute('aria-current')).toBe(
      false,
    );
  });

  it('follows the arrow keys, wrapping around', () => {
    setup();
    const next = screen.getByRole('button', { name: 'Next story' });
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(currentName()).toBe('Eve');
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(currentName()).toBe('Ben');
  });

  it('moves on a swipe of at least 75 px and not on a shorter one', () => {
    setup();
    const track = document.querySelector('figure')?.parentElement?.parentElement;
    if (!track) throw new Error('no swipe area');
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(track, { pointerId: 1, clientX: from, button: 0 });
      fireEvent.pointerUp(track, { pointerId: 1, clientX: to });
    };
    swipe(300, 300 - (SWIPE_THRESHOLD_PX - 1));
    expect(currentName()).toBe('Ann');
    swipe(300, 300 - SWIPE_THRESHOLD_PX);
    expect(currentName()).toBe('Ben');
    swipe(100, 100 + SWIPE_THRESHOLD_PX);
    expect(currentName()).toBe('Ann');
    swipe(100, 100 + SWIPE_THRESHOLD_PX);
    expect(currentName()).toBe('Eve');
  });
});
