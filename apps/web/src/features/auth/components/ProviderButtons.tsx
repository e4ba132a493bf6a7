import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClasses } from '../../../ui';
import { providerStartUrl, providersQuery } from '../api';

/**
 * "Continue with …": one button per sign-in provider the operator configured (none: nothing is
 * shown). Each is a plain link: the browser goes to the provider and comes back signed in, or to
 * /sign-in/continue for the step that is left.
 */
export function ProviderButtons() {
  const { t } = useTranslation('auth');
  const providers = useQuery(providersQuery);
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col gap-3" data-testid="sign-in-providers">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted">
        <span className="h-px flex-1 bg-border" />
        {t('providers.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      {list.map((provider) => (
        <a
          key={provider.id}
          href={providerStartUrl(provider.id)}
          className={buttonClasses('secondary', 'lg', true)}
        >
          {t('providers.continueWith', { name: provider.displayName })}
        </a>
      ))}
    </div>
  );
}

/**
 * A provider sign-in that came back refused lands on /login?signInError=CODE: the code's text,
 * in the language on screen.
 */
export function ProviderSignInError() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const code = params.get('signInError');
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!code) return;
    let live = true;
    void import('../../../lib/errors').then(({ translateError }) => {
      if (live) setText(translateError({ code, message: t('providers.failed') }));
    });
    return () => {
      live = false;
    };
  }, [code, t]);
  if (!code) return null;
  return (
    <p
      role="alert"
      className="mb-4 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-text"
    >
      {text ?? t('providers.failed')}
    </p>
  );
}
