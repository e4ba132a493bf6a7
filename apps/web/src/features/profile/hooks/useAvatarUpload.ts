import { AVATAR_MESSAGES } from '@app/shared/schemas/profile';
import { useRef, useState } from 'react';
import { mutateAndReport } from '../../../lib/mutation';
import { errorMessage } from '../../../lib/requestErrors';
import { avatarFileError } from '../components/avatarFile';
import { useAvatarMutations } from './useAvatarMutations';
import { useFilePreview } from './useFilePreview';

/**
 * The avatar dialog's state: the chosen file and its preview, the message to show (the seed's
 * before sending, the server's when it refuses), and upload and delete.
 */
export function useAvatarUpload(onOpenChange: (open: boolean) => void) {
  const [selection, select] = useFilePreview();
  const file = selection?.file ?? null;
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, remove } = useAvatarMutations();
  const busy = upload.isPending || remove.isPending;

  function reset() {
    select(null);
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  /** Remove: back to choosing, with focus on the (re-rendered) file input for keyboard users. */
  function removeSelection() {
    reset();
    setTimeout(() => inputRef.current?.focus(), 0);
  }

  function close(next: boolean) {
    if (!next && busy) return;
    if (!next) reset();
    onOpenChange(next);
  }

  function choose(chosen: File | undefined) {
    const problem = avatarFileError(chosen);
    setError(problem);
    select(problem ? null : (chosen ?? null));
    if (problem && inputRef.current) inputRef.current.value = '';
  }

  function submit() {
    const problem = avatarFileError(file);
    if (problem || !file) {
      setError(problem ?? AVATAR_MESSAGES.required);
      return;
    }
    setError(null);
    mutateAndReport(upload, file, {
      onSuccess: () => close(false),
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return {
    selection,
    file,
    error,
    inputRef,
    upload,
    remove,
    busy,
    removeSelection,
    close,
    choose,
    submit,
  };
}
