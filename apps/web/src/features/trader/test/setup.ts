import { beforeEach, vi } from 'vitest';
import { cleanUpAfterEach } from '../../../test/lifecycle';

/**
 * Every test of the file starts with fresh mocks (the file mocks `sonner`) and ends unmounted,
 * with its fetch stub taken away.
 */
export function freshMocksForEachTest() {
  beforeEach(() => vi.clearAllMocks());
  cleanUpAfterEach();
}
