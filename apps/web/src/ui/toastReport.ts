import { toast } from 'sonner';
import type { MutationReport } from '../lib/mutation';
import { errorMessage } from '../lib/requestErrors';

/**
 * How a mutation ended, told in a toast (for mutateAndReport): `done` when it succeeds, the
 * error's message when it fails.
 */
export function toastReport(done: string): MutationReport<unknown, unknown> {
  return {
    onSuccess: () => toast.success(done),
    onError: (error) => toast.error(errorMessage(error)),
  };
}
