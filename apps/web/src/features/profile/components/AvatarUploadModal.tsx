import type { Me } from '@app/shared/schemas/auth';
import { AVATAR_MESSAGES } from '@app/shared/schemas/profile';
import clsx from 'clsx';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/requestErrors';
import { translateMessage } from '../../../lib/messages';
import { Avatar, Button, Modal, UserIcon } from '../../../ui';
import { useAvatarMutations } from '../hooks/useAvatarMutations';
import { useFilePreview } from '../hooks/useFilePreview';
import { AVATAR_ACCEPT, avatarFileError } from './avatarFile';
import { mutateAndReport } from '../../../lib/mutation';

/**
 * 'Profile Image': choose a .png/.jpg/.jpeg under 2 MB, see it, upload it. Nothing is previewed
 * until a valid file is chosen; the seed's messages are shown before anything is sent, and the
 * server's message when it refuses the file.
 */
export function AvatarUploadModal({
  user,
  open,
  onOpenChange,
}: {
  user: Me;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  const [selection, select] = useFilePreview();
  const file = selection?.file ?? null;
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
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

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files[0]);
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

  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('avatar.title')}
      description={t('avatar.description')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
            {t('avatar.cancel')}
          </Button>
          <Button onClick={submit} loading={upload.isPending} disabled={remove.isPending}>
            {upload.isPending ? t('avatar.uploading') : t('avatar.upload')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {selection ? (
          <div className="flex flex-col items-center gap-3">
            <img
              src={selection.url}
              alt={t('avatar.previewAlt')}
              onError={() => choose(undefined)}
              className="size-40 rounded-full object-cover ring-2 ring-brand/40"
            />
            <p className="max-w-full truncate text-sm text-muted">{selection.file.name}</p>
            <Button variant="ghost" size="sm" onClick={removeSelection} disabled={busy}>
              {t('avatar.remove')}
            </Button>
          </div>
        ) : (
          <>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={AVATAR_ACCEPT}
              aria-label={t('avatar.choose')}
              aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
              aria-invalid={error ? true : undefined}
              disabled={busy}
              onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.target.files?.[0])}
              className="peer sr-only"
            />
            <label
              htmlFor={inputId}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={clsx(
                'flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-strong hover:border-muted',
                dragging
                  ? 'border-brand-strong bg-brand/5'
                  : error
                    ? 'border-danger/60'
                    : 'border-border',
              )}
            >
              <span className="flex size-12 items-center justify-center rounded-full bg-surface-2 text-muted">
                <UserIcon width={24} height={24} />
              </span>
              <span className="text-sm font-medium text-text">{t('avatar.choose')}</span>
              <span id={hintId} className="text-xs text-muted">
                {t('avatar.hint')}
              </span>
            </label>
          </>
        )}

        {error && (
          <p id={errorId} role="alert" className="text-center text-sm text-danger">
            {translateMessage(error)}
          </p>
        )}
        {!file && user.avatarUrl && (
          <div className="flex items-center justify-between gap-3 border-t border-border pt-4">
            <div className="flex min-w-0 items-center gap-3">
              <Avatar name={user.name} src={user.avatarUrl} />
              <span className="text-sm whitespace-nowrap text-muted">{t('avatar.current')}</span>
            </div>
            <Button
              variant="ghost"
              size="sm"
              loading={remove.isPending}
              disabled={upload.isPending}
              onClick={() => remove.mutate()}
              className="whitespace-nowrap text-danger"
            >
              {t('avatar.deleteCurrent')}
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
