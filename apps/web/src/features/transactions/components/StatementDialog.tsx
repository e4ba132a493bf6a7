import type { StatementFormat } from '@app/shared/schemas/statements';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { ApiRequestError } from '../../../lib/api';
import { Button, Modal, TextField } from '../../../ui';
import { saveFile } from '../../../lib/download';
import { downloadStatement, type StatementDownload } from '../api';
import {
  checkStatementRange,
  defaultStatementPeriod,
  todayUtc,
  type RangeError,
} from '../../../lib/statementRange';

/** Server refusals with their own text; anything else shows the server's (translated) message. */
const SERVER_ERRORS: Record<string, RangeError> = {
  STATEMENT_DATE_IN_FUTURE: { field: 'to', key: 'future' },
  STATEMENT_RANGE_REVERSED: { field: 'to', key: 'reversed' },
  STATEMENT_RANGE_TOO_LONG: { field: 'to', key: 'tooLong' },
};

/** Which button started the download being prepared. */
type Job = StatementFormat | 'trades' | 'annual-pdf' | 'annual-csv';

/** The annual summaries offered: this year and the five before it. */
const YEARS_OFFERED = 6;

type State =
  | { step: 'idle' }
  | { step: 'preparing'; job: Job }
  | { step: 'done'; fileName: string }
  | { step: 'failed'; message: string };

export interface StatementDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Injectable for tests; the real clock otherwise. */
  now?: () => Date;
  /** When the account was opened (the user's createdAt): the default period starts no earlier. */
  accountOpenedAt?: string;
}

/**
 * The account statement download: a date range (by default last month and this month to date, or
 * since the account opened; whole UTC days like the statement), then PDF or CSV. The file is fetched first, so the button shows it is being prepared
 * and a refusal or a lost connection is shown here instead of a broken download.
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
  const [range, setRange] = useState(() => ({ from: initial.from, to: initial.to }));
  const [fieldError, setFieldError] = useState<RangeError | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const today = todayUtc(now());

  // Closing the dialog stops a download being prepared.
  useEffect(() => {
    if (!open) abort.current?.abort();
  }, [open]);
  useEffect(() => () => abort.current?.abort(), []);

  const preparing = state.step === 'preparing' ? state.job : null;
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(initial.year);

  function download(format: StatementFormat) {
    const problem = checkStatementRange(range.from, range.to, today);
    setFieldError(problem);
    if (problem) return;
    void fetchFile(format, { kind: 'account', ...range, format, lang: currentLanguage() });
  }

  async function fetchFile(job: Job, request: StatementDownload) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'preparing', job });
    try {
      const file = await downloadStatement(request, controller.signal);
      saveFile(file.blob, file.fileName);
      setState({ step: 'done', fileName: file.fileName });
    } catch (error) {
      if (controller.signal.aborted) return;
      const known = error instanceof ApiRequestError ? SERVER_ERRORS[error.code] : undefined;
      if (known) {
        setFieldError(known);
        setState({ step: 'idle' });
      } else if (error instanceof ApiRequestError && error.status < 500) {
        setState({ step: 'failed', message: error.message });
      } else {
        setState({ step: 'failed', message: t('statement.failed') });
      }
    }
  }

  const errorFor = (field: 'from' | 'to') =>
    fieldError?.field === field ? t(`statement.errors.${fieldError.key}`) : undefined;
  const change = (field: 'from' | 'to') => (event: React.ChangeEvent<HTMLInputElement>) => {
    setRange((previous) => ({ ...previous, [field]: event.target.value }));
    setFieldError(null);
    if (state.step !== 'preparing') setState({ step: 'idle' });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('statement.title')}
      description={t('statement.description')}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          download('pdf');
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('statement.from')}
            type="date"
            name="from"
            value={range.from}
            max={today}
            onChange={change('from')}
            error={errorFor('from')}
            required
          />
          <TextField
            label={t('statement.to')}
            type="date"
            name="to"
            value={range.to}
            max={today}
            onChange={change('to')}
            error={errorFor('to')}
            required
          />
        </div>
        <p className="mt-3 text-xs text-muted">{t('statement.hint')}</p>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => download('csv')}
            loading={preparing === 'csv'}
            disabled={preparing !== null}
          >
            {t('statement.downloadCsv')}
          </Button>
          <Button
            onClick={() => download('pdf')}
            loading={preparing === 'pdf'}
            disabled={preparing !== null}
          >
            {t('statement.downloadPdf')}
          </Button>
        </div>
        {/* Submitting with Enter in a date field downloads the PDF. */}
        <button type="submit" hidden tabIndex={-1} />
      </form>
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
              onChange={(event) => setYear(Number(event.target.value))}
              className="h-9 rounded-lg border border-border bg-surface-2 px-2 text-sm text-text"
            >
              {Array.from({ length: YEARS_OFFERED }, (_, i) => thisYear - i).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            size="sm"
            loading={preparing === 'annual-pdf'}
            disabled={preparing !== null}
            onClick={() =>
              void fetchFile('annual-pdf', {
                kind: 'annual',
                year,
                format: 'pdf',
                lang: currentLanguage(),
              })
            }
          >
            {t('statement.annualPdf')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={preparing === 'annual-csv'}
            disabled={preparing !== null}
            onClick={() =>
              void fetchFile('annual-csv', {
                kind: 'annual',
                year,
                format: 'csv',
                lang: currentLanguage(),
              })
            }
          >
            {t('statement.annualCsv')}
          </Button>
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
    </Modal>
  );
}
