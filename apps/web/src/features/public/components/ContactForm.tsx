import clsx from 'clsx';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useSendContactMessage, type ContactInput } from '../contactApi';
import { validateContact, type ContactErrors, type ContactField } from '../lib/contactValidation';
import { TextAreaField } from './TextAreaField';
import { HydratedFieldset } from '../../../ui/HydratedFieldset';
import { mutateAndReport } from '../../../lib/mutation';

export interface ContactFormProps {
  /** Prefills the form, e.g. a signed-in user's name and email on /support. */
  defaultValues?: Partial<ContactInput>;
  className?: string;
}

const FIELDS: readonly ContactField[] = ['name', 'email', 'message'];

/**
 * The contact form (landing #contact, /contact, and /support for signed-in users). It sends
 * POST /api/contact; 'Message sent successfully' appears only when the server accepted it, and a
 * failed send shows the server's message and keeps what was typed.
 *
 * A plain controlled form rather than react-hook-form + zod: three required fields do not need
 * them, and the landing page has a tight JavaScript budget.
 */
/**
 * The form's state: the values, their messages (after a first attempt, following the typing), and
 * the send; `field(name)` gives a field its value, message, change handler and ref (to focus the
 * first invalid one).
 */
function useContactForm(defaultValues: ContactFormProps['defaultValues']) {
  const { t } = useTranslation('public');
  const initial: ContactInput = {
    name: defaultValues?.name ?? '',
    email: defaultValues?.email ?? '',
    message: defaultValues?.message ?? '',
  };
  const [values, setValues] = useState<ContactInput>(initial);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const send = useSendContactMessage();
  const fieldRefs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement>>>(
    {},
  );

  function update(field: ContactField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, messages follow the typing so a fixed field clears at once.
    if (submitted) setErrors(validateContact(next));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    setSubmitted(true);
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      fieldRefs.current[firstInvalid]?.focus();
      return;
    }
    const payload: ContactInput = {
      name: values.name.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
    };
    mutateAndReport(send, payload, {
      onSuccess: () => {
        toast.success(t('contact.sent'));
        setValues({ ...initial, message: '' });
        setErrors({});
        setSubmitted(false);
      },
      onError: (error) => {
        toast.error(error.message);
        const field = error instanceof ApiRequestError ? error.field : undefined;
        if (field === 'name' || field === 'email' || field === 'message') {
          setErrors((current) => ({ ...current, [field]: error.message }));
        }
      },
    });
  }

  // Errors hold locale keys from validation, or the server's own message for a field.
  const message = (field: ContactField) => {
    const value = errors[field];
    return value ? t(value, { defaultValue: value }) : undefined;
  };

  function field(name: ContactField) {
    return {
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        fieldRefs.current[name] = element ?? undefined;
      },
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        update(name, event.target.value),
      error: message(name),
    };
  }

  return { field, onSubmit, pending: send.isPending };
}

export function ContactForm({ defaultValues, className }: ContactFormProps) {
  const { t } = useTranslation('public');
  const { field, onSubmit, pending } = useContactForm(defaultValues);
  return (
    <form noValidate onSubmit={onSubmit} className={clsx('flex flex-col gap-5', className)}>
      <HydratedFieldset>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('contact.name')}
            autoComplete="name"
            maxLength={100}
            placeholder={t('contact.namePlaceholder')}
            {...field('name')}
          />
          <TextField
            label={t('contact.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            placeholder={t('contact.emailPlaceholder')}
            {...field('email')}
          />
        </div>
        <TextAreaField
          label={t('contact.message')}
          rows={5}
          maxLength={5000}
          placeholder={t('contact.messagePlaceholder')}
          {...field('message')}
        />
        <Button type="submit" size="lg" loading={pending} className="sm:self-start">
          {pending ? t('contact.sending') : t('contact.send')}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
