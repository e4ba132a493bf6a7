import type { ContactInput } from '../contactApi';

export type ContactField = keyof ContactInput;
/** Locale keys of the seed's messages ('Full name is required', ...), per field. */
export type ContactErrors = Partial<Record<ContactField, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The contact form's rules (seed section 5): each field is required; the email must look like
 * one. Returns locale keys so the messages stay translatable. The server validates again.
 */
export function validateContact(values: ContactInput): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.name.trim()) errors.name = 'contact.nameRequired';
  if (!values.email.trim()) errors.email = 'contact.emailRequired';
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'contact.emailInvalid';
  if (!values.message.trim()) errors.message = 'contact.messageRequired';
  return errors;
}
