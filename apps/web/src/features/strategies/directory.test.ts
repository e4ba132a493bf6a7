import { describe, expect, it } from 'vitest';
import { DEFAULT_DIRECTORY_VIEW, directorySearchOf, directoryViewOf } from './directory';

describe('the directory’s view in its address', () => {
  it('opens on the server’s default: by the 30-day return, paused strategies listed', () => {
    expect(directoryViewOf(new URLSearchParams(''))).toEqual({
      sort: 'return',
      window: '30d',
      paused: true,
    });
    expect(directorySearchOf(DEFAULT_DIRECTORY_VIEW).toString()).toBe('');
  });

  it('reads back what it wrote, and takes an unknown value for the default', () => {
    const view = { sort: 'risk', window: '1y', paused: false } as const;
    expect(directorySearchOf(view).toString()).toBe('sort=risk&window=1y&paused=false');
    expect(directoryViewOf(directorySearchOf(view))).toEqual(view);
    expect(directoryViewOf(new URLSearchParams('sort=best&window=2d&paused=yes'))).toEqual(
      DEFAULT_DIRECTORY_VIEW,
    );
  });
});
