import { accountStanding } from '@app/shared/standing';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/auth';
import { appConfig } from '../../../lib/config';
import { ArrowUpRightIcon, Card, InboxIcon, ListIcon, ShieldIcon } from '../../../ui';
import { ContactForm } from '../../public/components/ContactForm';

/**
 * /support: the contact form for a signed-in user, prefilled with their name and e-mail, and the
 * other places to find answers. The dashboard's "Account is not active" notice links here.
 */
export function SupportPage() {
  const { t } = useTranslation('support');
  const { user } = useSession();
  if (!user) return null;

  return (
    <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
      <Card title={t('form.title')} description={t('form.description')} className="lg:col-span-2">
        {!user.isActive && (
          <p
            role="note"
            className="mb-5 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-warning"
          >
            {t(accountStanding(user) === 'deactivated' ? 'form.deactivated' : 'form.inactive')}
          </p>
        )}
        <ContactForm defaultValues={{ name: user.name, email: user.email }} />
      </Card>

      <Card title={t('help.title')}>
        <ul className="flex flex-col gap-2">
          <HelpLink
            to="/#faq"
            icon={<ListIcon />}
            title={t('help.faq.title')}
            body={t('help.faq.body')}
          />
          <HelpLink
            to="/risk"
            icon={<ShieldIcon />}
            title={t('help.risk.title')}
            body={t('help.risk.body')}
          />
          <li>
            <a
              href={`mailto:${appConfig.supportEmail}`}
              className="-mx-2 flex items-start gap-3 rounded-lg px-2 py-3 hover:bg-surface-2"
            >
              <HelpIcon>
                <InboxIcon />
              </HelpIcon>
              <span className="min-w-0">
                <span className="block text-sm font-medium text-text">{t('help.email.title')}</span>
                <span className="block text-sm break-all text-brand-strong">
                  {appConfig.supportEmail}
                </span>
              </span>
            </a>
          </li>
        </ul>
        <p className="mt-4 border-t border-border pt-4 text-xs text-muted">{t('help.note')}</p>
      </Card>
    </div>
  );
}

function HelpLink({
  to,
  icon,
  title,
  body,
}: {
  to: string;
  icon: React.ReactNode;
  title: string;
  body: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className="-mx-2 flex items-start gap-3 rounded-lg px-2 py-3 hover:bg-surface-2"
      >
        <HelpIcon>{icon}</HelpIcon>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1 text-sm font-medium text-text">
            {title}
            <ArrowUpRightIcon aria-hidden="true" width={14} height={14} className="text-muted" />
          </span>
          <span className="mt-0.5 block text-sm text-muted">{body}</span>
        </span>
      </Link>
    </li>
  );
}

function HelpIcon({ children }: { children: React.ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-brand-strong ring-1 ring-border"
    >
      {children}
    </span>
  );
}
