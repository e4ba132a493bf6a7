import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../hooks/useAdminMutation';

/**
 * Saves a verification or appropriateness setting, with their toasts (saved, failed, or waiting
 * for a second admin).
 */
export function useVerificationSettingSave<V, R>(
  save: (value: V) => Promise<R>,
  onSuccess?: (result: R) => void,
) {
  const { t } = useTranslation('admin');
  return useAdminMutation({
    mutationFn: save,
    messages: {
      success: t('verifications.toasts.settingSaved'),
      failure: t('verifications.toasts.settingFailed'),
      waiting: t('toasts.settingAwaitingApproval'),
    },
    ...(onSuccess ? { onSuccess } : {}),
  });
}

/**
 * An on/off setting: a checkbox with its label, saved (useVerificationSettingSave) as soon as it
 * changes. Until the setting has loaded (`value` undefined) it shows `fallback`, disabled.
 */
export function SettingCheckbox({
  label,
  value,
  fallback,
  save,
  className,
}: {
  label: string;
  value: boolean | undefined;
  fallback: boolean;
  save: (checked: boolean) => Promise<unknown>;
  className?: string;
}) {
  const mutation = useVerificationSettingSave(save);
  return (
    <label className={clsx('flex items-start gap-3', className)}>
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-[var(--color-brand)]"
        checked={value ?? fallback}
        disabled={value === undefined || mutation.isPending}
        onChange={(event) => mutation.mutate(event.target.checked)}
      />
      {label}
    </label>
  );
}
