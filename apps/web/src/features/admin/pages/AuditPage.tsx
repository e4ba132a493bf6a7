import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, TextField } from '../../../ui';
import { adminApi, adminKeys, type AuditFilters } from '../api';
import { AuditTable } from '../components/AuditTable';
import { PageIntro, PagedResults } from '../components/QueryStates';
import { useUrlParams } from '../hooks/useUrlState';
import { useCursorPages } from '../hooks/useCursorPages';

const FIELDS = ['actorId', 'targetType', 'targetId', 'action'] as const;
type Field = (typeof FIELDS)[number];

/** A user id, as the server's filter wants it (anything else would be refused with a 400). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/audit: who did what, when, from where; filter by actor and target. Read-only. */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useUrlParams(FIELDS);
  const [draft, setDraft] = useState<Record<Field, string>>(params);
  const [actorError, setActorError] = useState<string | undefined>();

  const filters: AuditFilters = Object.fromEntries(
    FIELDS.filter((key) => params[key]).map((key) => [key, params[key]]),
  );
  const query = useCursorPages(adminKeys.audit(filters), (cursor, signal) =>
    adminApi.listAudit({ ...filters, before: cursor }, signal),
  );

  function apply(next: Record<Field, string>) {
    const trimmed = Object.fromEntries(FIELDS.map((key) => [key, next[key].trim()])) as Record<
      Field,
      string
    >;
    if (trimmed.actorId && !UUID.test(trimmed.actorId)) {
      setActorError(t('audit.actorInvalid'));
      return;
    }
    setActorError(undefined);
    setDraft(trimmed);
    setParams(trimmed);
  }

  return (
    <div className="flex flex-col gap-5">
      <PageIntro>{t('audit.intro')}</PageIntro>
      <form
        aria-label={t('audit.filters')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
        className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4"
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {FIELDS.map((key) => (
            <TextField
              key={key}
              label={t(`audit.${key}`)}
              value={draft[key]}
              autoComplete="off"
              spellCheck={false}
              error={key === 'actorId' ? actorError : undefined}
              onChange={(event) => {
                const value = event.target.value;
                setDraft((d) => ({ ...d, [key]: value }));
              }}
            />
          ))}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            onClick={() => apply({ actorId: '', targetType: '', targetId: '', action: '' })}
          >
            {t('common.clear')}
          </Button>
          <Button type="submit">{t('audit.apply')}</Button>
        </div>
      </form>
      <PagedResults query={query} empty={<EmptyState title={t('audit.empty')} />}>
        {(entries) => (
          <AuditTable
            entries={entries}
            onFilterActor={(actorId) => apply({ ...draft, actorId })}
            onFilterTarget={(targetType, targetId) => apply({ ...draft, targetType, targetId })}
          />
        )}
      </PagedResults>
    </div>
  );
}
