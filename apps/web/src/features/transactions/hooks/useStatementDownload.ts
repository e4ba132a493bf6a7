import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import type { RangeError } from '../../../lib/statementRange';
import { downloadStatement, type StatementDownload } from '../api';
import type { StatementFormat } from '@app/shared/schemas/statements';

/** Server refusals with their own text; anything else shows the server's (translated) message. */
const SERVER_ERRORS: Record<string, RangeError> = {
  STATEMENT_DATE_IN_FUTURE: { field: 'to', key: 'future' },
  STATEMENT_RANGE_REVERSED: { field: 'to', key: 'reversed' },
  STATEMENT_RANGE_TOO_LONG: { field: 'to', key: 'tooLong' },
};

/** Which button started the download being prepared. */
export type StatementJob = StatementFormat | 'trades' | 'annual-pdf' | 'annual-csv';

export type DownloadState =
  | { step: 'idle' }
  | { step: 'preparing'; job: StatementJob }
  | { step: 'done'; fileName: string }
  | { step: 'failed'; message: string };

export interface StatementDownloader {
  state: DownloadState;
  /** The job being prepared, or null. */
  preparing: StatementJob | null;
  fetchFile: (job: StatementJob, request: StatementDownload) => Promise<void>;
  /** Forgets a finished or failed download (the range changed). */
  clear: () => void;
}

/**
 * Fetches a statement file before saving it, so a refusal or a lost connection is shown in the
 * dialog instead of a broken download. A refusal about the range goes to `onRangeRefused`;
 * closing the dialog (`open` false) stops a download being prepared.
 */
export function useStatementDownload(
  open: boolean,
  onRangeRefused: (error: RangeError) => void,
): StatementDownloader {
  const { t } = useTranslation('transactions');
  const [state, setState] = useState<DownloadState>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) abort.current?.abort();
  }, [open]);
  useEffect(() => () => abort.current?.abort(), []);

  async function fetchFile(job: StatementJob, request: StatementDownload) {
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
        onRangeRefused(known);
        setState({ step: 'idle' });
      } else if (error instanceof ApiRequestError && error.status < 500) {
        setState({ step: 'failed', message: error.message });
      } else {
        setState({ step: 'failed', message: t('statement.failed') });
      }
    }
  }

  return {
    state,
    preparing: state.step === 'preparing' ? state.job : null,
    fetchFile,
    clear: () => {
      if (state.step !== 'preparing') setState({ step: 'idle' });
    },
  };
}
