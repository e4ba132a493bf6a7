import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../../ui';
import { CountryField } from './CountryField';

type PresetFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'hint'>;

/** The person's full name, as both ways of signing up ask it. */
export function NameField(props: PresetFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('fields.name')}
      autoComplete="name"
      placeholder={t('placeholders.name')}
      {...props}
    />
  );
}

/** The phone number, worded the same wherever it is asked (sign-up, provider sign-up, profile). */
export function PhoneField(props: PresetFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('fields.phone')}
      type="tel"
      autoComplete="tel"
      placeholder={t('placeholders.phone')}
      hint={t('hints.phone')}
      {...props}
    />
  );
}

/** The country picker, bound to a form's country field. */
export function CountryControl<T extends FieldValues>({
  control,
  name,
  error,
}: {
  control: Control<T>;
  name: Path<T>;
  error?: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CountryField
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error}
        />
      )}
    />
  );
}

/** Who referred the person signing up (optional), as both ways of signing up ask it. */
export function ReferrerIdField(props: PresetFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('fields.referrerId')}
      optional
      autoComplete="off"
      autoCapitalize="none"
      hint={t('register.referrerHint')}
      {...props}
    />
  );
}
