import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/auth';
import { buttonClasses } from '../../../ui/Button';
import { RiskWarning } from '../../public/components/RiskWarning';
import { InvestorPlansHeader, InvestorPlansNotes } from '../components/InvestorPlansIntro';
import { ClosedPlanAction, InvestorPlanAction } from '../components/PlanActions';
import { PlanList } from '../components/PlanList';
import { useInvestorPlans } from '../hooks/useInvestorPlans';

/**
 * /plans (seed: Trading Plans, Choose a Plan): every plan with its strategy's real past
 * performance, an amount and Invest Now, which opens the confirmation before money moves. A
 * visitor reads the same plans and risk warning in the public frame, with a sign-up call instead.
 */
export function PlansPage() {
  const { user } = useSession();
  return user ? <InvestorPlans /> : <VisitorPlans />;
}

/** A visitor's /plans: the same real figures and risk warning; each card offers sign-up. */
function VisitorPlans() {
  const { t } = useTranslation('plans');
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <section>
        <h1 className="text-3xl font-semibold tracking-tight text-text">{t('title')}</h1>
        <h2 className="mt-2 text-xl font-semibold text-text">{t('heading')}</h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">{t('intro')}</p>
      </section>
      <RiskWarning />
      <PlanList
        action={(plan) =>
          plan.closed ? (
            <ClosedPlanAction />
          ) : (
            <div className="flex flex-col gap-2">
              <Link
                to="/register"
                className={buttonClasses(plan.recommended ? 'primary' : 'secondary', 'md', true)}
              >
                {t('visitor.signUp')}
              </Link>
              <p className="text-center text-xs text-muted">
                {t('visitor.hint')}{' '}
                <Link
                  to="/login"
                  className="font-medium text-brand-strong underline-offset-4 hover:underline"
                >
                  {t('visitor.logIn')}
                </Link>
              </p>
            </div>
          )
        }
      />
      <p className="text-center text-xs text-muted">{t('footnote')}</p>
    </div>
  );
}

/** A signed-in user's /plans: their money and notes above, each card with its own action. */
function InvestorPlans() {
  const { t } = useTranslation('plans');
  const investor = useInvestorPlans();
  const { active, notice, intent } = investor;
  const blocked = !active ? t(`blocked.${notice}`) : undefined;
  return (
    <div className="flex flex-col gap-6">
      <InvestorPlansHeader
        availableCents={investor.availableCents}
        active={active}
        practising={investor.practising}
      />
      <InvestorPlansNotes active={active} notice={notice} openTrades={investor.openTrades} />
      <RiskWarning />
      <PlanList
        action={(plan) => (
          <InvestorPlanAction
            plan={plan}
            held={investor.heldTrades.get(plan.id)}
            active={active}
            own={investor.isOwn(plan)}
            blocked={blocked}
            availableCents={investor.availableCents}
            resumeCents={intent?.planId === plan.id ? intent.amountCents : undefined}
            onResumed={investor.resumed}
          />
        )}
      />
      <p className="text-center text-xs text-muted">{t('footnote')}</p>
    </div>
  );
}
