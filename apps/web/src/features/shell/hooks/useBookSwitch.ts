import { formatUsd } from '@app/shared/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useBook, useChooseBook, type Book } from '../../../lib/book';
import { errorMessage } from '../../../lib/requestErrors';
import { markedTitle } from '../../../ui/practiceToast';
import {
  invalidatePractice,
  practiceApi,
  practiceKeys,
  practiceQuery,
  type PracticeAccount,
} from '../../account/api';

/**
 * The top bar's Practice / Real switch (issue 42): which account the signed-in user looks at.
 * Choosing Practice the first time opens the practice account (POST /api/practice/start) and shows
 * its balance on the dashboard; without a verified e-mail it explains what to do instead
 * (`verifyAsked`). Offered only while the operator has practice on (`offered`); when it is off,
 * or the practice account cannot be read, the real account is shown.
 */
export function useBookSwitch() {
  const { t } = useTranslation('shell');
  const book = useBook();
  const choose = useChooseBook();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const practice = useQuery(practiceQuery);
  const [verifyAsked, setVerifyAsked] = useState(false);
  const start = useMutation({
    mutationFn: practiceApi.start,
    onSuccess: ({ practice: opened }) => {
      queryClient.setQueryData(practiceKeys.all, { practice: opened });
      void invalidatePractice(queryClient);
      choose('practice');
      toast.success(
        markedTitle(
          'practice',
          t('practice.opened', { amount: formatUsd(startingCentsOf(opened)) }),
        ),
      );
      void navigate('/dashboard');
    },
    onError: (error) => {
      toast.error(t('practice.openFailed'), { description: errorMessage(error) });
    },
  });

  const unavailable = practice.isError || (practice.data !== undefined && !showable(practice.data));
  useEffect(() => {
    if (unavailable && book === 'practice') choose('real');
  }, [unavailable, book, choose]);

  async function select(next: Book) {
    if (next === 'real') {
      choose('real');
      return;
    }
    let data = practice.data;
    if (!data?.enabled) return;
    // Verified since it was read (the link of the e-mail, maybe in another tab): ask again.
    if (!data.eligible) data = (await practice.refetch()).data ?? data;
    if (!data.eligible) {
      setVerifyAsked(true);
      return;
    }
    if (data.account === null) {
      if (!start.isPending) start.mutate();
      return;
    }
    choose('practice');
  }

  return {
    book,
    offered: practice.data?.enabled === true,
    starting: start.isPending,
    select: (next: Book) => void select(next),
    verifyAsked,
    closeVerify: () => setVerifyAsked(false),
  };
}

/** The practice account may be shown: the operator offers it and the user has opened it. */
function showable(practice: PracticeAccount): boolean {
  return practice.enabled && practice.account !== null;
}

/** What the account opened with (the setting's value when it has no account yet). */
function startingCentsOf(practice: PracticeAccount): number {
  return practice.account?.startingCents ?? practice.startingCents;
}
