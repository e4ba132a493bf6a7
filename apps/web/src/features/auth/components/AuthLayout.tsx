import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RISK_WARNING } from '@app/shared/risk';
import { appConfig } from '../../../lib/config';
import { BrandMark } from '../../../ui';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Don't have an account? Register"). */
  footer?: ReactNode;
}

/** The frame of every sign-in screen: brand, one focused card, and where to go next. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation('auth');
  useEffect(() => {
    document.title = `${title} · ${appConfig.brandName}`;
  }, [title]);
  return (
    <div className="min-h-dvh bg-bg bg-[radial-gradient(ellipse_at_top,rgba(16,185,129,0.12),transparent_60%)]">
      <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-4 py-8 sm:py-14">
        <Link
          to="/"
          aria-label={t('backHome', { brand: appConfig.brandName })}
          className="mb-8 self-center rounded-lg"
        >
          <BrandMark />
        </Link>
        <div className="rounded-2xl border border-border bg-surface p-6 shadow-xl shadow-black/30 sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-text">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-muted">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
        <p role="note" aria-label={t('riskTitle')} className="mt-8 text-center text-xs text-muted">
          {t('riskWarning', { defaultValue: RISK_WARNING })}
        </p>
      </main>
    </div>
  );
}

export const authLinkClass =
  'font-medium text-brand-strong underline-offset-4 hover:underline rounded-sm';

/** A way elsewhere under the card (back to sign-in, to registration…), after its question if any. */
export function AuthFooterLink({
  to,
  prompt,
  children,
}: {
  to: string;
  /** E.g. "Don't have an account?", before the link. */
  prompt?: string;
  children: ReactNode;
}) {
  return (
    <>
      {prompt && <>{prompt} </>}
      <Link to={to} className={authLinkClass}>
        {children}
      </Link>
    </>
  );
}
