import { afterEach, describe, expect, it } from 'vitest';
import { canHydrate, isRenderedForReader, localTimeZone, TIME_ZONE_META } from './prerender';

/** A page as the server sends it: content in #root, and for a reader's page the zone it used. */
function serverPage(options: { content: boolean; zone?: string }) {
  document.body.innerHTML = `<div id="root">${options.content ? '<main><h2>Welcome back</h2></main>' : ''}</div>`;
  document.head.innerHTML =
    options.zone === undefined ? '' : `<meta name="${TIME_ZONE_META}" content="${options.zone}">`;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

describe('taking over the server’s HTML', () => {
  it('hydrates a public page in English, whatever the time zone (it shows no local times)', () => {
    serverPage({ content: true });
    expect(canHydrate('en')).toBe(true);
    expect(isRenderedForReader()).toBe(false);
  });

  it('hydrates a reader’s page only in the zone it was rendered in', () => {
    serverPage({ content: true, zone: localTimeZone() });
    expect(canHydrate('en')).toBe(true);
    expect(isRenderedForReader()).toBe(true);
    serverPage({ content: true, zone: localTimeZone() === 'Asia/Tokyo' ? 'UTC' : 'Asia/Tokyo' });
    expect(canHydrate('en')).toBe(false);
  });

  it('renders anew in another language, and renders an empty page', () => {
    serverPage({ content: true, zone: localTimeZone() });
    expect(canHydrate('de')).toBe(false);
    serverPage({ content: false });
    expect(canHydrate('en')).toBe(false);
    expect(isRenderedForReader()).toBe(false);
  });
});
