import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ConfirmDialog, TextField } from '../../../ui';
import { waitsForApproval } from '../api';
import { useAdminMutation, type ActionMessages } from '../hooks/useAdminMutation';
import { onClosed } from './DialogForm';

/**
 * One back-office setting: a field with the value in force as its hint, Save, and a confirmation
 * saying what will change before the request is sent. `parse` turns the typed text into the value
 * to save, or into the message shown under the field. A change that waits for a second admin
 * says so and leaves the value in force in the field.
 */
export function SettingForm<V>({
  initial,
  label,
  hint,
  parse,
  confirmation,
  save,
  messages,
}: {
  initial: string;
  label: string;
  hint: string;
  parse: (text: string) => { value: V } | { error: string | undefined };
  confirmation: (value: V) => { title: string; description: string };
  save: (value: V) => Promise<unknown>;
  messages: ActionMessages;
}) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<{ value: V } | null>(null);
  const mutation = useAdminMutation({
    mutationFn: save,
    messages: { waiting: t('toasts.settingAwaitingApproval'), ...messages },
    onSuccess: (result) => {
      setConfirming(null);
      // Waiting for a second admin: the field goes back to the value still in force.
      if (waitsForApproval(result)) setText(initial);
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parse(text);
        if ('error' in parsed) {
          setError(parsed.error);
          return;
        }
        setError(undefined);
        mutation.reset();
        setConfirming({ value: parsed.value });
      }}
    >
      <TextField
        label={label}
        inputMode="decimal"
        value={text}
        error={error}
        hint={hint}
        onChange={(event) => setText(event.target.value)}
        className="sm:w-56"
      />
      <ConfirmedSave
        confirmation={confirming && confirmation(confirming.value)}
        busy={mutation.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && mutation.mutate(confirming.value)}
      />
    </form>
  );
}

/**
 * A setting form's Save (a submit button) and, once the typed value checks out, the
 * confirmation saying what will change: the request goes only from there.
 */
export function ConfirmedSave({
  confirmation,
  busy,
  onCancel,
  onConfirm,
}: {
  /** What the confirmation says; null while there is nothing to confirm. */
  confirmation: { title: string; description: string } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Button type="submit" variant="secondary" className="sm:mt-7">
        {t('common.save')}
      </Button>
      {confirmation !== null && (
        <ConfirmDialog
          open
          onOpenChange={onClosed(onCancel)}
          {...confirmation}
          confirmLabel={t('common.save')}
          cancelLabel={t('common.cancel')}
          busy={busy}
          onConfirm={onConfirm}
        />
      )}
    </>
  );
}
