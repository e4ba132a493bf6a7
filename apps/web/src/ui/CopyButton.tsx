import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from './Button';
import { UI_NAMESPACE } from './i18n';
import { CheckIcon, CopyIcon } from './icons';

/** How long the button reads "Copied" after a copy (seed: 2 s). */
export const COPIED_MS = 2000;

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  value: string;
  label?: string;
  /** Called after a successful copy, e.g. to show a toast. */
  onCopied?: () => void;
}

export function CopyButton({
  value,
  label,
  onCopied,
  variant = 'secondary',
  ...rest
}: CopyButtonProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      onCopied?.();
    } catch {
      // Clipboard access can be refused (insecure context, permissions); the value stays visible.
    }
  }

  return (
    <Button variant={variant} onClick={() => void copy()} {...rest}>
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span aria-live="polite">{copied ? t('copied') : (label ?? t('copy'))}</span>
    </Button>
  );
}
