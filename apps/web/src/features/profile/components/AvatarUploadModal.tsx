import type { Me } from '@app/shared/schemas/auth';
import clsx from 'clsx';
import { useId, useState, type ChangeEvent, type DragEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { Avatar, Button, Modal, UserIcon } from '../../../ui';
import { useAvatarUpload } from '../hooks/useAvatarUpload';
import { AVATAR_ACCEPT } from './avatarFile';
import type { DialogProps } from './dialogProps';

/**
 * 'Profile Image': choose a .png/.jpg/.jpeg under 2 MB, see it, upload it. Nothing is previewed
 * until a valid file is chosen; the seed's messages are shown before anything is sent, and the
 * server's message when it refuses the file.
 */
export function AvatarUploadModal({ user, open, onOpenChange }: DialogProps & { user: Me }) {
  const { t } = useTranslation('profile');
  const avatar = useAvatarUpload(onOpenChange);
  const { selection, error, upload, remove, busy, close } = avatar;
  const inputId = useId();
  const errorId = `${inputId}-error`;

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
          <Button onClick={avatar.submit} loading={upload.isPending} disabled={remove.isPending}>
            {upload.isPending ? t('avatar.uploading') : t('avatar.upload')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {selection ? (
          <AvatarPreview
            url={selection.url}
            name={selection.file.name}
            busy={busy}
            onBroken={() => avatar.choose(undefined)}
            onRemove={avatar.removeSelection}
          />
        ) : (
          <AvatarDropZone
            inputId={inputId}
            inputRef={avatar.inputRef}
            error={error}
            busy={busy}
            onChoose={avatar.choose}
          />
        )}
        {error && (
          <p id={errorId} role="alert" className="text-center text-sm text-danger">
            {translateMessage(error)}
          </p>
        )}
        {!avatar.file && user.avatarUrl && (
          <CurrentAvatar user={user} avatarUrl={user.avatarUrl} mutations={avatar} />
        )}
      </div>
    </Modal>
  );
}

/** The chosen image, its file name, and Remove to choose again. */
function AvatarPreview({
  url,
  name,
  busy,
  onBroken,
  onRemove,
}: {
  url: string;
  name: string;
  busy: boolean;
  onBroken: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex flex-col items-center gap-3">
      <img
        src={url}
        alt={t('avatar.previewAlt')}
        onError={onBroken}
        className="size-40 rounded-full object-cover ring-2 ring-brand/40"
      />
      <p className="max-w-full truncate text-sm text-muted">{name}</p>
      <Button variant="ghost" size="sm" onClick={onRemove} disabled={busy}>
        {t('avatar.remove')}
      </Button>
    </div>
  );
}

/** The file input (visually hidden) and its label, which also takes a dropped file. */
function AvatarDropZone({
  inputId,
  inputRef,
  error,
  busy,
  onChoose,
}: {
  inputId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  error: string | null;
  busy: boolean;
  onChoose: (file: File | undefined) => void;
}) {
  const { t } = useTranslation('profile');
  const [dragging, setDragging] = useState(false);
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (!busy) onChoose(event.dataTransfer.files[0]);
  }

  return (
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
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChoose(event.target.files?.[0])}
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
  );
}

/** The avatar already on file, with Delete. */
function CurrentAvatar({
  user,
  avatarUrl,
  mutations: { upload, remove },
}: {
  user: Me;
  avatarUrl: string;
  mutations: Pick<ReturnType<typeof useAvatarUpload>, 'upload' | 'remove'>;
}) {
  const { t } = useTranslation('profile');
  return (
    <div className="flex items-center justify-between gap-3 border-t border-border pt-4">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={user.name} src={avatarUrl} />
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
  );
}
