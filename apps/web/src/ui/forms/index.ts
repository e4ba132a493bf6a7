export { Form, PlainForm, type FormProps } from './Form';
export { CurrentPasswordField, NewPasswordField } from './PasswordFields';
export { OneTimeCodeField } from './OneTimeCodeField';
export { resettingClose } from './resettingClose';
export { DialogForm } from './DialogForm';
export { useSchemaForm, sendingSubmit, type SchemaForm } from './useSchemaForm';
export { CardForm } from './CardForm';
export { registeredField, type FieldSource } from './registeredField';
