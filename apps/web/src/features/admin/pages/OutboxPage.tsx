import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Badge,
  Button,
  DataTable,
  EmptyState,
  Modal,
  type BadgeTone,
  type DataTableColumn,
} from '../../../ui';
import { adminApi, adminKeys, type OutboxItem } from '../api';
import { PageIntro, PagedResults } from '../components/QueryStates';
import { formatDateTime } from '../format';
import { useCursorPages } from '../hooks/useCursorPages';
import { onClosed } from '../components/DialogForm';
import { actionsColumn } from '../components/actionsColumn';

const tones: Record<OutboxItem['status'], BadgeTone> = {
  pending: 'warning',
  sent: 'success',
  captured: 'info',
  failed: 'danger',
};

/** /admin/outbox: every e-mail and its delivery; "Read" shows the redacted text part (no usable links). */
export function OutboxPage() {
  const { t } = useTranslation('admin');
  const [reading, setReading] = useState<OutboxItem | null>(null);
  const query = useCursorPages(adminKeys.outbox, (cursor, signal) =>
    adminApi.listOutbox(cursor, signal),
  );
  const columns = useOutboxColumns(setReading);
  return (
    <div className="flex flex-col gap-5">
      <PageIntro>{t('outbox.intro')}</PageIntro>
      <PagedResults query={query} empty={<EmptyState title={t('outbox.empty')} />}>
        {(items) => (
          <DataTable
            caption={t('outbox.caption')}
            rows={items}
            rowKey={(mail) => mail.id}
            columns={columns}
          />
        )}
      </PagedResults>
      <MailReader mail={reading} onClose={() => setReading(null)} />
    </div>
  );
}

/** The outbox table: subject (opens the mail), to, template, status, date, Read. */
function useOutboxColumns(onRead: (mail: OutboxItem) => void): DataTableColumn<OutboxItem>[] {
  const { t } = useTranslation('admin');
  return [
    {
      key: 'subject',
      header: t('outbox.columns.subject'),
      primary: true,
      cell: (mail) => (
        <button
          type="button"
          onClick={() => onRead(mail)}
          className="text-left break-words underline-offset-2 hover:text-brand-strong hover:underline"
        >
          {mail.subject}
        </button>
      ),
    },
    {
      key: 'to',
      header: t('outbox.columns.to'),
      cell: (mail) => <span className="break-all">{mail.to}</span>,
    },
    {
      key: 'template',
      header: t('outbox.columns.template'),
      cell: (mail) => <span className="font-mono text-xs">{mail.template}</span>,
    },
    {
      key: 'status',
      header: t('outbox.columns.status'),
      cell: (mail) => (
        <Badge tone={tones[mail.status]}>{t(`outbox.statuses.${mail.status}`)}</Badge>
      ),
    },
    {
      key: 'date',
      header: t('outbox.columns.date'),
      cell: (mail) => <span className="whitespace-nowrap">{formatDateTime(mail.createdAt)}</span>,
    },
    actionsColumn(
      t('outbox.open'),
      (mail) => (
        <Button size="sm" variant="secondary" onClick={() => onRead(mail)}>
          {t('outbox.open')}
        </Button>
      ),
      { key: 'read' },
    ),
  ];
}

/** One mail's redacted text part, with whom it went to and when. */
function MailReader({ mail, onClose }: { mail: OutboxItem | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={mail !== null}
      onOpenChange={onClosed(onClose)}
      size="lg"
      title={mail?.subject ?? ''}
      description={
        mail
          ? [
              mail.to,
              mail.sentAt
                ? t('outbox.sentAt', { date: formatDateTime(mail.sentAt) })
                : formatDateTime(mail.createdAt),
            ].join(' · ')
          : undefined
      }
    >
      {mail && (
        <section aria-label={t('outbox.textPart')}>
          <pre className="font-sans text-sm leading-relaxed break-words whitespace-pre-wrap">
            {mail.text}
          </pre>
        </section>
      )}
    </Modal>
  );
}
