import {
  BIO_MAX,
  DISPLAY_NAME_MAX,
  EXPERIENCE_MAX,
  traderApplicationInputSchema,
  type MyTraderApplication,
} from '@app/shared/schemas/lead-traders';
import { formatDate } from '../../../lib/dates';
import { accountStanding } from '@app/shared/standing';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/requestErrors';
import { translateMessage } from '../../../lib/messages';
import { Badge, Button, buttonClasses, Card, LoadingBlock, TextField } from '../../../ui';
import { Form, registeredField, sendingSubmit, useSchemaForm } from '../../../ui/forms';
import { TextAreaField } from '../../public/components/TextAreaField';
import { myApplicationQuery, useApplyAsTrader } from '../api';

/**
 * "Become a lead trader" on /profile: the application form (display name, short bio, experience,
 * acknowledgement of the rules), then its status; a rejection shows the reviewer's reason and lets
 * the user apply again. A lead trader is sent to their desk, with the reviewer's note. An account
 * that is not active is told why it cannot apply instead of being shown the form (the server
 * refuses such an application: ACCOUNT_NOT_ACTIVE, ACCOUNT_DEACTIVATED).
 */
export function TraderApplicationCard() {
  const { t } = useTranslation('trader');
  const query = useQuery(myApplicationQuery);
  return (
    <Card title={t('apply.title')} description={t('apply.description')}>
      <div id="lead-trader" className="flex flex-col gap-4">
        {query.isPending ? (
          <LoadingBlock />
        ) : query.isError ? (
          <p className="text-sm text-danger">{errorMessage(query.error)}</p>
        ) : (
          <ApplicationState mine={query.data} />
        )}
      </div>
    </Card>
  );
}

function ApplicationState({ mine }: { mine: MyTraderApplication }) {
  const { t } = useTranslation('trader');
  const { user } = useSession();
  const standing = user ? accountStanding(user) : 'active';
  const application = mine.application;
  if (mine.isTrader) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Badge tone="success">{t('apply.statuses.approved')}</Badge>
        <p className="text-sm text-muted">{t('apply.isTrader')}</p>
        {application?.status === 'approved' && application.decisionReason && (
          <p className="text-sm break-words" data-testid="trader-application-note">
            {t('apply.approvedReason', { reason: application.decisionReason })}
          </p>
        )}
        <Link to="/trader" className={buttonClasses('primary', 'md')}>
          {t('apply.openDesk')}
        </Link>
      </div>
    );
  }
  if (application?.status === 'pending') {
    return (
      <div className="flex flex-col items-start gap-2" data-testid="trader-application-status">
        <Badge tone="warning">{t('apply.statuses.pending')}</Badge>
        <p className="text-sm text-muted">
          {t('apply.pending', { date: formatDate(application.createdAt) })}
        </p>
      </div>
    );
  }
  return (
    <>
      {application?.status === 'rejected' && (
        <div className="flex flex-col items-start gap-2" data-testid="trader-application-status">
          <Badge tone="danger">{t('apply.statuses.rejected')}</Badge>
          <p className="text-sm break-words">
            {t('apply.rejectedReason', { reason: application.decisionReason ?? '' })}
          </p>
        </div>
      )}
      {standing === 'active' ? (
        <ApplicationForm />
      ) : (
        <div
          role="note"
          className="flex flex-col items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-warning"
        >
          <p>{t(standing === 'deactivated' ? 'apply.deactivated' : 'apply.notActive')}</p>
          <Link to="/support" className="font-medium underline">
            {t('apply.contactSupport')}
          </Link>
        </div>
      )}
    </>
  );
}

function ApplicationForm() {
  const { t } = useTranslation('trader');
  const apply = useApplyAsTrader();
  const form = useSchemaForm(traderApplicationInputSchema, {
    defaultValues: { displayName: '', bio: '', experience: '' },
  });
  const { register, errors } = form;
  const submit = sendingSubmit(form, apply.mutateAsync, t('apply.sent'), [
    'displayName',
    'bio',
    'experience',
    'acceptRules',
  ]);
  return (
    <Form onSubmit={submit} aria-label={t('apply.title')}>
      <TextField
        label={t('apply.displayName')}
        hint={t('apply.displayNameHint')}
        maxLength={DISPLAY_NAME_MAX}
        {...registeredField(form, 'displayName')}
      />
      <TextAreaField
        label={t('apply.bio')}
        maxLength={BIO_MAX}
        className="[&_textarea]:min-h-20"
        {...registeredField(form, 'bio')}
      />
      <TextAreaField
        label={t('apply.experience')}
        maxLength={EXPERIENCE_MAX}
        {...registeredField(form, 'experience')}
      />
      <div className="flex flex-col gap-2 rounded-xl border border-border p-4">
        <p className="text-sm font-medium">{t('apply.rulesTitle')}</p>
        <ul className="list-disc pl-5 text-sm text-muted">
          <li>{t('apply.rules.prices')}</li>
          <li>{t('apply.rules.open')}</li>
          <li>{t('apply.rules.noPromises')}</li>
          <li>{t('apply.rules.copiers')}</li>
        </ul>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-[var(--color-brand)]"
            aria-invalid={errors.acceptRules ? true : undefined}
            {...register('acceptRules')}
          />
          {t('apply.acceptRules')}
        </label>
        {errors.acceptRules?.message && (
          <p className="text-sm text-danger">{translateMessage(errors.acceptRules.message)}</p>
        )}
      </div>
      <div>
        <Button type="submit" loading={form.isSubmitting}>
          {t('apply.submit')}
        </Button>
      </div>
    </Form>
  );
}
