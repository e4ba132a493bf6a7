import type { StatementFormat } from '@app/shared/schemas/statements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { Button, Modal, TextField } from '../../../ui';
import {
  checkStatementRange,
  defaultStatementPeriod,
  todayUtc,
  type RangeError,
} from '../../../lib/statementRange';
import {
  useStatementDownload,
  type DownloadState,
  type StatementDownloader,
} from '../hooks/useStatementDownload';

/** The annual summaries offered: this year and the five before it. */
const YEARS_OFFERED = 6;

export interface StatementDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Injectable for tests; the real clock otherwise. */
  now?: () => Date;
  /** When the account was opened (the user's createdAt): the default period starts no earlier. */
  accountOpenedAt?: string;
}

interface Range {
  from: string;
  to: string;
}

/**
 * The account statement download: a date range (by default last month and this month to date, or
 * since the account opened; whole UTC days like the statement), then PDF or CSV; below it the
 * annual summaries and the trades export. The file is fetched first, so the button shows it is
 * being prepared and a refusal or a lost connection is shown here instead of a broken download.
 * The range and year live here, so they are kept while the dialog is closed and opened again.
 */
export function StatementDialog({
  open,
  onOpenChange,
  now = () => new Date(),
  accountOpenedAt,
}: StatementDialogProps) {
  const { t } = useTranslation('transactions');
  // Opens on a period that holds the account's movements (defaultStatementPeriod's rule).
  const [initial] = useState(() =>
    defaultStatementPeriod(now(), accountOpenedAt ? new Date(accountOpenedAt) : now()),
  );
  const [range, setRange] = useState<Range>(() => ({ from: initial.from, to: initial.to }));
  const [fieldError, setFieldError] = useState<RangeError | null>(null);
  const [year, setYear] = useState(initial.year);
  const downloader = useStatementDownload(open, setFieldError);
  const today = todayUtc(now());

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('statement.title')}
      description={t('statement.description')}
    >
      <AccountStatementForm
        range={range}
        today={today}
        fieldError={fieldError}
        downloader={downloader}
        onRangeChange={(next) => {
          setRange(next);
          setFieldError(null);
          downloader.clear();
        }}
        onDownload={(format) => {
          const problem = checkStatementRange(range.from, range.to, today);
          setFieldError(problem);
          if (problem) return;
          void downloader.fetchFile(format, {
            kind: 'account',
            ...range,
            format,
            lang: currentLanguage(),
          });
        }}
      />
      <MoreStatements
        year={year}
        thisYear={Number(today.slice(0, 4))}
        onYearChange={setYear}
        downloader={downloader}
      />
      <DownloadStatus state={downloader.state} />
    </Modal>
  );
}

/** The date range, then CSV or PDF (Enter in a date field downloads the PDF). */
function AccountStatementForm({
  range,
  today,
  fieldError,
  downloader,
  onRangeChange,
  onDownload,
}: {
  range: Range;
  today: string;
  fieldError: RangeError | null;
  downloader: StatementDownloader;
  onRangeChange: (range: Range) => void;
  onDownload: (format: StatementFormat) => void;
}) {
  const { t } = useTranslation('transactions');
  const { preparing } = downloader;
  const dateField = (field: keyof Range) => (
    <TextField
      label={t(`statement.${field}`)}
      type="date"
      name={field}
      value={range[field]}
      max={today}
      onChange={(event) => onRangeChange({ ...range, [field]: event.target.value })}
      error={fieldError?.field === field ? t(`statement.errors.${fieldError.key}`) : undefined}
      required
    />
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onDownload('pdf');
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {dateField('from')}
        {dateField('to')}
      </div>
      <p className="mt-3 text-xs text-muted">{t('statement.hint')}</p>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => onDownload('csv')}
          loading={preparing === 'csv'}
          disabled={preparing !== null}
        >
          {t('statement.downloadCsv')}
        </Button>
        <Button
          onClick={() => onDownload('pdf')}
          loading={preparing === 'pdf'}
          disabled={preparing !== null}
        >
          {t('statement.downloadPdf')}
        </Button>
      </div>
      {/* Submitting with Enter in a date field downloads the PDF. */}
      <button type="submit" hidden tabIndex={-1} />
    </form>
  );
}

/** The annual summary of a chosen year (PDF or CSV), and every trade as CSV. */
function MoreStatements({
  year,
  thisYear,
  onYearChange,
  downloader,
}: {
  year: number;
  thisYear: number;
  onYearChange: (year: number) => void;
  downloader: StatementDownloader;
}) {
  const { t } = useTranslation('transactions');
  const { preparing, fetchFile } = downloader;
  const annual = (format: StatementFormat) => (
    <Button
      variant="secondary"
      size="sm"
      loading={preparing === `annual-${format}`}
      disabled={preparing !== null}
      onClick={() =>
        void fetchFile(`annual-${format}`, {
          kind: 'annual',
          year,
          format,
          lang: currentLanguage(),
        })
      }
    >
      {format === 'pdf' ? t('statement.annualPdf') : t('statement.annualCsv')}
    </Button>
  );
  return (
    <section aria-labelledby="statement-more" className="mt-4 border-t border-border pt-4">
      <h3 id="statement-more" className="text-sm font-semibold text-text">
        {t('statement.more')}
      </h3>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="statement-year" className="text-sm font-medium text-text">
            {t('statement.year')}
          </label>
          <select
            id="statement-year"
            value={year}
            onChange={(event) => onYearChange(Number(event.target.value))}
            className="h-9 rounded-lg border border-border bg-surface-2 px-2 text-sm text-text"
          >
            {Array.from({ length: YEARS_OFFERED }, (_, i) => thisYear - i).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        {annual('pdf')}
        {annual('csv')}
      </div>
      <Button
        className="mt-2"
        variant="secondary"
        size="sm"
        loading={preparing === 'trades'}
        disabled={preparing !== null}
        onClick={() => void fetchFile('trades', { kind: 'trades' })}
      >
        {t('statement.tradesCsv')}
      </Button>
    </section>
  );
}

/** Being prepared / saved (announced politely), or why it failed (an alert). */
function DownloadStatus({ state }: { state: DownloadState }) {
  const { t } = useTranslation('transactions');
  return (
    <>
      <div aria-live="polite" className="mt-3 min-h-5 text-sm">
        {state.step === 'preparing' && <p className="text-muted">{t('statement.preparing')}</p>}
        {state.step === 'done' && (
          <p className="text-brand-strong">{t('statement.done', { fileName: state.fileName })}</p>
        )}
      </div>
      {state.step === 'failed' && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {state.message}
        </p>
      )}
    </>
  );
}
