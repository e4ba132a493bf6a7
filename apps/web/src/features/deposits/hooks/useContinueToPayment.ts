import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DepositDraft } from '../api';

/** Seed: 'Continue to Payment' waits 1 s before the payment page. */
export const CONTINUE_DELAY_MS = 1000;

/**
 * 'Continue to Payment': once a draft is set, the payment page opens CONTINUE_DELAY_MS later
 * (with the draft as navigation state). Returns the draft on its way (for the button's spinner)
 * and the function that starts it.
 */
export function useContinueToPayment() {
  const navigate = useNavigate();
  const [continuing, setContinuing] = useState<DepositDraft | null>(null);
  useEffect(() => {
    if (!continuing) return;
    const timer = setTimeout(
      () => void navigate('/deposits/payment', { state: continuing }),
      CONTINUE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [continuing, navigate]);
  return { continuing, continueWith: setContinuing };
}
