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

/** An on/off setting: a checkbox with its label, saved as soon as it changes. */
export function SettingCheckbox({
  label,
  checked,
  disabled,
  onChange,
  className,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={clsx('flex items-start gap-3', className)}>
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-[var(--color-brand)]"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
