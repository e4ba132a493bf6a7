import type { AuditEntryView } from '@app/shared/schemas/admin-users';
import { isAuditAction } from '@app/shared/schemas/audit-actions';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../ui';
import { formatUsd } from '@app/shared/money';
import { formatDateTime } from '../format';
import { dotted } from '../../../lib/dotted';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "amountCents" → "Amount cents": a key no label names yet, still readable. */
function keyInWords(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One detail of an entry in words (issue 39: "amountCents: 100000", full ids): a label for the
 * key, money in dollars, an id shortened as the target is, an instant in the reader's language.
 */
function detailValue(t: TFunction<'admin'>, key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('common.none');
  if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
  const wholeCents =
    typeof value === 'number'
      ? Number.isInteger(value)
      : typeof value === 'string' && /^-?\d+$/.test(value);
  if (/Cents$/.test(key) && wholeCents) return formatUsd(BigInt(value as number | string));
  if (typeof value === 'string') {
    if (UUID.test(value)) return `${value.slice(0, 8)}…`;
    if (ISO_INSTANT.test(value)) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => detailValue(t, key, item)).join(', ');
  return JSON.stringify(value);
}

/** An entry's details, one "label: value" line each. */
function detailLines(t: TFunction<'admin'>, details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([key, value]) => {
    const label = t(`audit.detailKeys.${key.replace(/Cents$/, '')}`, {
      defaultValue: keyInWords(key.replace(/Cents$/, '')),
    });
    return `${label}: ${detailValue(t, key, value)}`;
  });
}

/** "user · 7a43b667…" for a uuid target (the full id is in the title and the link). */
function targetLabel(type: string | null, id: string | null): string {
  const shortId = id && UUID.test(id) ? `${id.slice(0, 8)}…` : id;
  return dotted([type, shortId]);
}

/** What an entry records, in words ("Account activated"); an action no label knows, in general terms. */
export function auditActionLabel(t: TFunction<'admin'>, action: string): string {
  return isAuditAction(action) ? t(`audit.actions.${action}`) : t('audit.unknownAction');
}

type FilterActor = (actorId: string) => void;
type FilterTarget = (targetType: string, targetId: string) => void;

/** Who did what, when, from where (read-only). */
export function AuditTable({
  entries,
  onFilterActor,
  onFilterTarget,
}: {
  entries: AuditEntryView[];
  onFilterActor?: FilterActor;
  onFilterTarget?: FilterTarget;
}) {
  const { t } = useTranslation('admin');
  const columns: DataTableColumn<AuditEntryView>[] = [
    {
      key: 'what',
      header: t('audit.columns.what'),
      primary: true,
      cell: (entry) => <EntryWhat entry={entry} />,
    },
    {
      key: 'who',
      header: t('audit.columns.who'),
      cell: (entry) => <EntryActor entry={entry} onFilter={onFilterActor} />,
    },
    {
      key: 'target',
      header: t('audit.columns.target'),
      cell: (entry) => <EntryTarget entry={entry} onFilter={onFilterTarget} />,
    },
    {
      key: 'when',
      header: t('audit.columns.when'),
      cell: (entry) => <span className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</span>,
    },
    {
      key: 'from',
      header: t('audit.columns.from'),
      cell: (entry) => <span className="font-mono text-xs">{entry.ip ?? t('common.none')}</span>,
    },
  ];
  return (
    <DataTable
      caption={t('audit.caption')}
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry.id}
    />
  );
}

function EntryWhat({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="text-sm font-medium">{auditActionLabel(t, entry.action)}</span>
      {/* The code as stored: what the Action filter takes. */}
      <span className="font-mono text-xs font-normal text-muted">{entry.action}</span>
      {detailLines(t, entry.details).map((line) => (
        <span key={line} className="text-xs font-normal break-words text-muted">
          {line}
        </span>
      ))}
    </div>
  );
}

/** A small link-like button under a cell: show only this actor's or target's entries. */
function FilterButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="text-xs text-muted underline-offset-2 hover:text-text hover:underline"
    >
      {children}
    </button>
  );
}

function EntryActor({ entry, onFilter }: { entry: AuditEntryView; onFilter?: FilterActor }) {
  const { t } = useTranslation('admin');
  if (!entry.actorId) return <span className="text-muted">{t('common.system')}</span>;
  return (
    <span className="flex flex-col items-end gap-0.5 sm:items-start">
      <Link
        to={`/admin/users/${entry.actorId}`}
        className="break-all hover:text-brand-strong sm:break-normal sm:whitespace-nowrap"
      >
        {entry.actorEmail ?? entry.actorId}
      </Link>
      {onFilter && (
        <FilterButton onClick={() => onFilter(entry.actorId ?? '')}>
          {t('audit.actorFilter')}
        </FilterButton>
      )}
    </span>
  );
}

function EntryTarget({ entry, onFilter }: { entry: AuditEntryView; onFilter?: FilterTarget }) {
  const { t } = useTranslation('admin');
  if (!entry.targetType && !entry.targetId) {
    return <span className="text-muted">{t('common.none')}</span>;
  }
  const label = targetLabel(entry.targetType, entry.targetId);
  return (
    <span className="flex flex-col items-end gap-0.5 sm:items-start">
      {entry.targetType === 'user' && entry.targetId ? (
        <Link
          to={`/admin/users/${entry.targetId}`}
          title={entry.targetId}
          className="whitespace-nowrap hover:text-brand-strong"
        >
          {label}
        </Link>
      ) : (
        <span title={entry.targetId ?? undefined} className="sm:whitespace-nowrap">
          {label}
        </span>
      )}
      {onFilter && entry.targetId && (
        <FilterButton onClick={() => onFilter(entry.targetType ?? '', entry.targetId ?? '')}>
          {t('audit.targetFilter')}
        </FilterButton>
      )}
    </span>
  );
}
