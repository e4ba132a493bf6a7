import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/** Every test of the file ends unmounted, with the globals it stubbed (fetch) put back. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
