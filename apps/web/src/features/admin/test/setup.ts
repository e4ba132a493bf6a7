import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { jane } from './fixtures';

/** The signed-in admin of the back-office tests: Jane, an admin with two-factor on. */
export const adminMe = { ...jane, isAdmin: true, twoFactorEnabled: true };

/** Unmounts what a test rendered and takes its fetch stub away. */
function cleanUpAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/**
 * Every test of the file starts with fresh mocks and `user` signed in (the admin by default),
 * and ends cleaned up.
 */
export function signedInForEachTest(user: typeof adminMe = adminMe) {
  beforeEach(() => {
    vi.clearAllMocks();
    useAuthStore.setState({ user, loggedOut: false });
  });
  cleanUpAfterEach();
}

/**
 * Every test of the file starts with no toast recorded (the file mocks `sonner`) and ends
 * cleaned up.
 */
export function freshToastsForEachTest() {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });
  cleanUpAfterEach();
}
