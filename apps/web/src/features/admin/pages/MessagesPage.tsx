import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, EmptyState } from '../../../ui';
import { adminApi, adminKeys } from '../api';
import { PageIntro, PagedResults } from '../components/QueryStates';
import { formatDateTime } from '../format';
import { useCursorPages } from '../hooks/useCursorPages';

/** /admin/messages: what visitors and users sent through the contact form (read-only). */
export function MessagesPage() {
  const { t } = useTranslation('admin');
  const query = useCursorPages(adminKeys.messages, (cursor, signal) =>
    adminApi.listMessages(cursor, signal),
  );
  return (
    <div className="flex flex-col gap-5">
      <PageIntro>{t('messages.intro')}</PageIntro>
      <PagedResults query={query} empty={<EmptyState title={t('messages.empty')} />}>
        {(messages) => (
          <ul className="flex flex-col gap-3">
            {messages.map((message) => (
              <li key={message.id}>
                <article className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 sm:p-5">
                  <header className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0">
                      <h2 className="font-semibold break-words">{message.name}</h2>
                      <a
                        href={`mailto:${message.email}`}
                        className="text-sm break-all text-muted hover:text-brand-strong"
                        title={t('messages.reply')}
                      >
                        {message.email}
                      </a>
                    </div>
                    <div className="flex shrink-0 items-center gap-2 text-xs text-muted">
                      {message.userId && (
                        <Link to={`/admin/users/${message.userId}`}>
                          <Badge tone="info">{t('messages.signedIn')}</Badge>
                        </Link>
                      )}
                      <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                    </div>
                  </header>
                  <p className="text-sm break-words whitespace-pre-wrap">{message.message}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
    </div>
  );
}
