import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Every test of the file starts with fresh mocks (the file mocks `sonner`) and ends unmounted,
 * with its fetch stub taken away.
 */
export function freshMocksForEachTest() {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
