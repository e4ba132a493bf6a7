import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from './i18n';
import { EyeIcon, EyeOffIcon } from './icons';
import { TextField, type TextFieldProps } from './TextField';

export type PasswordInputProps = Omit<TextFieldProps, 'type' | 'endAdornment'>;

/** A password field with a show/hide toggle; the toggle's accessible name says what it will do. */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      endAdornment={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          aria-pressed={visible}
          className="flex size-9 items-center justify-center rounded-md text-muted hover:text-text"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
