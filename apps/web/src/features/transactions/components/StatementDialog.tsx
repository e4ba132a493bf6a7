import type { StatementFormat } from '@app/shared/schemas/statements';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { ApiRequestError } from '../../../lib/api';
import { Button, Modal, TextField } from '../../../ui';
import { downloadStatement, saveFile } from '../api';
import { checkStatementRange, lastMonthRange, todayUtc, type RangeError } from '../statement';

/** Server refusals with their own text; anything else shows the server's (translated) message. */
const SERVER_ERRORS: Record<string, RangeError> = {
  STATEMENT_DATE_IN_FUTURE: { field: 'to', key: 'future' },
  STATEMENT_RANGE_REVERSED: { field: 'to', key: 'reversed' },
  STATEMENT_RANGE_TOO_LONG: { field: 'to', key: 'tooLong' },
};

type State =
  | { step: 'idle' }
  | { step: 'preparing'; format: StatementFormat }
  | { step: 'done'; fileName: string }
  | { step: 'failed'; message: string };

export interface StatementDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Injectable for tests; the real clock otherwise. */
  now?: () => Date;
}

/**
 * The account statement download: a date range (last month by default, whole UTC days like the
 * statement), then PDF or CSV. The file is fetched first, so the button shows it is being prepared
 * and a refusal or a lost connection is shown here instead of a broken download.
 */
export function StatementDialog({
  open,
  onOpenChange,
  now = () => new Date(),
}: StatementDialogProps) {
  const { t } = useTranslation('transactions');
  const [range, setRange] = useState(() => lastMonthRange(now()));
  const [fieldError, setFieldError] = useState<RangeError | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const today = todayUtc(now());

  // Closing the dialog stops a download being prepared.
  useEffect(() => {
    if (!open) abort.current?.abort();
  }, [open]);
  useEffect(() => () => abort.current?.abort(), []);

  const preparing = state.step === 'preparing' ? state.format : null;

  async function download(format: StatementFormat) {
    const problem = checkStatementRange(range.from, range.to, today);
    setFieldError(problem);
    if (problem) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'preparing', format });
    try {
      const file = await downloadStatement(
        { ...range, format, lang: currentLanguage() },
        controller.signal,
      );
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
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => void download('csv')}
            loading={preparing === 'csv'}
            disabled={preparing !== null}
          >
            {t('statement.downloadCsv')}
          </Button>
          <Button
            onClick={() => void download('pdf')}
            loading={preparing === 'pdf'}
            disabled={preparing !== null}
          >
            {t('statement.downloadPdf')}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void download('pdf');
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
        {/* Submitting with Enter in a date field downloads the PDF. */}
        <button type="submit" hidden tabIndex={-1} />
      </form>
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
