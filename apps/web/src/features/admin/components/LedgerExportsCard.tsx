import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api';
import { fetchDownload, saveFile } from '../../../lib/download';
import { Button, Card, TextField } from '../../../ui';
import { checkStatementRange, lastMonthRange, todayUtc } from '../../../lib/statementRange';

type Job = 'journal' | 'balances';
type FieldErrors = Partial<Record<'from' | 'to' | 'at', string>>;
type State =
  | { step: 'idle' }
  | { step: 'preparing'; job: Job }
  | { step: 'done'; fileName: string }
  | { step: 'failed'; message: string };

/**
 * The operator's ledger exports (CSV, streamed by the server, each recorded in the audit log):
 * the journal of a period (every posting) and every account's balance at the end of a day.
 */
export function LedgerExportsCard({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useTranslation('admin');
  const today = todayUtc(now());
  const [range, setRange] = useState(() => lastMonthRange(now()));
  const [at, setAt] = useState(() => lastMonthRange(now()).to);
  const { state, fieldErrors, setFieldErrors, run } = useExportDownload();
  const preparing = state.step === 'preparing' ? state.job : null;

  function journal() {
    const problem = checkStatementRange(range.from, range.to, today);
    setFieldErrors(problem ? { [problem.field]: t(`exports.errors.${problem.key}`) } : {});
    if (problem) return;
    const params = new URLSearchParams(range);
    void run(
      'journal',
      `/api/admin/exports/journal?${params.toString()}`,
      `journal-${range.from}-to-${range.to}.csv`,
    );
  }

  function balances() {
    const problem = checkStatementRange(at, at, today);
    setFieldErrors(problem ? { at: t(`exports.errors.${problem.key}`) } : {});
    if (problem) return;
    void run('balances', `/api/admin/exports/balances?at=${at}`, `balances-${at}.csv`);
  }

  const fields = { today, fieldErrors, preparing };
  return (
    <Card title={t('exports.title')} description={t('exports.description')}>
      <div className="grid gap-6 lg:grid-cols-2">
        <JournalExport {...fields} range={range} onRange={setRange} onDownload={journal} />
        <BalancesExport {...fields} at={at} onAt={setAt} onDownload={balances} />
      </div>
      <p className="mt-4 text-xs text-muted">{t('exports.audited')}</p>
      <ExportStatus state={state} />
    </Card>
  );
}

/**
 * One download at a time (a new one cancels the last): a refusal naming a field lands on it,
 * any other failure says so under the card.
 */
function useExportDownload() {
  const { t } = useTranslation('admin');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<State>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);

  async function run(job: Job, url: string, fallback: string) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'preparing', job });
    try {
      const file = await fetchDownload(url, fallback, controller.signal);
      saveFile(file.blob, file.fileName);
      setState({ step: 'done', fileName: file.fileName });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ApiRequestError && error.status < 500 && error.field) {
        setFieldErrors({ [error.field]: error.message });
        setState({ step: 'idle' });
      } else {
        setState({ step: 'failed', message: t('exports.failed') });
      }
    }
  }
  return { state, fieldErrors, setFieldErrors, run };
}

interface ExportFields {
  today: string;
  fieldErrors: FieldErrors;
  /** The download running, if any: every button waits for it. */
  preparing: Job | null;
  onDownload: () => void;
}

function JournalExport({
  today,
  fieldErrors,
  preparing,
  onDownload,
  range,
  onRange,
}: ExportFields & {
  range: { from: string; to: string };
  onRange: (update: (range: { from: string; to: string }) => { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('admin');
  /** One end of the range: a date up to today, with its error. */
  const endField = (end: 'from' | 'to') => ({
    label: t(`exports.${end}`),
    type: 'date',
    value: range[end],
    max: today,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onRange((r) => ({ ...r, [end]: event.target.value })),
    error: fieldErrors[end],
  });
  return (
    <ExportSection job="journal" preparing={preparing} onDownload={onDownload}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...endField('from')} />
        <TextField {...endField('to')} />
      </div>
    </ExportSection>
  );
}

function BalancesExport({
  today,
  fieldErrors,
  preparing,
  onDownload,
  at,
  onAt,
}: ExportFields & { at: string; onAt: (at: string) => void }) {
  const { t } = useTranslation('admin');
  return (
    <ExportSection job="balances" preparing={preparing} onDownload={onDownload}>
      <TextField
        label={t('exports.at')}
        type="date"
        value={at}
        max={today}
        onChange={(event) => onAt(event.target.value)}
        error={fieldErrors.at}
        hint={t('exports.atHint')}
      />
    </ExportSection>
  );
}

/** Each export's heading and download button (texts in `admin`). */
const EXPORT_TEXTS = {
  journal: { title: 'exports.journal', download: 'exports.downloadJournal' },
  balances: { title: 'exports.balances', download: 'exports.downloadBalances' },
} as const satisfies Record<Job, { title: string; download: string }>;

/**
 * One export: its heading, its fields (`children`), then its download button, which spins while
 * this export is prepared and waits while another one is.
 */
function ExportSection({
  job,
  preparing,
  onDownload,
  children,
}: {
  job: Job;
  preparing: Job | null;
  onDownload: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const headingId = `exports-${job}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-semibold text-text">
        {t(EXPORT_TEXTS[job].title)}
      </h3>
      {children}
      <Button
        variant="secondary"
        className="self-start"
        onClick={onDownload}
        loading={preparing === job}
        disabled={preparing !== null}
      >
        {t(EXPORT_TEXTS[job].download)}
      </Button>
    </section>
  );
}

function ExportStatus({ state }: { state: State }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <div aria-live="polite" className="mt-2 min-h-5 text-sm">
        {state.step === 'preparing' && <p className="text-muted">{t('exports.preparing')}</p>}
        {state.step === 'done' && (
          <p className="text-brand-strong">{t('exports.done', { fileName: state.fileName })}</p>
        )}
      </div>
      {state.step === 'failed' && (
        <p role="alert" className="text-sm text-danger">
          {state.message}
        </p>
      )}
    </>
  );
}
