import type { ReferralList } from '@app/shared/schemas/profile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * Under the `account` prefix on purpose: a referral bonus (a referred person activated) arrives
 * as an `account.changed` / `transactions.changed` event, which already invalidates ['account'].
 */
export const referralsQueryKey = (query: string) => ['account', 'referrals', query] as const;

/** GET /api/profile/referrals?q= — filtered on the server; only the caller's own referrals. */
export function fetchReferrals(query: string, signal?: AbortSignal): Promise<ReferralList> {
  const search = query ? `?q=${encodeURIComponent(query)}` : '';
  return api.get<ReferralList>(`/api/profile/referrals${search}`, signal);
}

/** The referral link and list; `query` narrows the list (the unfiltered answer is shared). */
export function useReferrals(query = '') {
  const trimmed = query.trim();
  return useQuery({
    queryKey: referralsQueryKey(trimmed),
    queryFn: ({ signal }) => fetchReferrals(trimmed, signal),
    // While a new search answers, keep showing the previous list instead of a spinner.
    placeholderData: keepPreviousData,
  });
}
