import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField, type TextFieldProps } from '../../../ui';
import { Form } from '../../../ui/forms';
import { HydratedFieldset } from '../../../ui/HydratedFieldset';

/**
 * A sign-in page's form: fields stacked, all disabled until the page's code runs (the pages are
 * prerendered, and a form typed into before then would post nowhere).
 */
export function AuthForm({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Form onSubmit={onSubmit}>
      <HydratedFieldset>{children}</HydratedFieldset>
    </Form>
  );
}

/** A sign-in page's submit button: full width, spinning while the request runs. */
export function AuthSubmit({
  pending,
  className,
  children,
}: {
  pending: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" fullWidth loading={pending} className={className}>
      {children}
    </Button>
  );
}

/** The e-mail address one signs in with. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('fields.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      placeholder={t('placeholders.email')}
      {...props}
    />
  );
}
