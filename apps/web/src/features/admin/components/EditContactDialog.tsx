import { adminUpdateUserSchema } from '@app/shared/schemas/admin-users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TextField } from '../../../ui';
import { CountryField } from '../../auth/components/CountryField';
import { adminApi } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';
import { DialogForm, DialogFormFooter, FormModal, type ModalState } from './DialogForm';
import { firstIssuePerField } from './firstIssuePerField';

interface Contact {
  phone: string;
  country: string;
}

/** Only phone and country can change (seed); unchanged values give 'No changes made'. */
export function EditContactDialog({
  user,
  ...modal
}: ModalState & { user: { id: string; phone: string; country: string } }) {
  const { t } = useTranslation('admin');
  return (
    <FormModal {...modal} title={t('edit.title')}>
      {(close) => <EditContactForm user={user} onClose={close} />}
    </FormModal>
  );
}

function EditContactForm({
  user,
  onClose,
}: {
  user: { id: string; phone: string; country: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState<Contact>({ phone: user.phone, country: user.country });
  const [errors, setErrors] = useState<Partial<Contact>>({});
  const mutation = useAdminMutation({
    mutationFn: (contact: Contact) => adminApi.updateUser(user.id, contact),
    messages: { success: t('toasts.userUpdated'), failure: t('toasts.userUpdateFailed') },
    onSuccess: onClose,
  });

  function submit() {
    const parsed = adminUpdateUserSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues, ['phone', 'country'] as const));
      return;
    }
    setErrors({});
    if (parsed.data.phone === user.phone && parsed.data.country === user.country) {
      toast.error(t('toasts.noChanges'));
      return;
    }
    mutation.mutate(parsed.data);
  }

  return (
    <DialogForm onSubmit={submit}>
      <TextField
        label={t('edit.phone')}
        type="tel"
        autoComplete="off"
        value={values.phone}
        error={errors.phone}
        onChange={(event) => {
          const phone = event.target.value;
          setValues((v) => ({ ...v, phone }));
        }}
      />
      <CountryField
        value={values.country}
        error={errors.country}
        onChange={(country) => setValues((v) => ({ ...v, country }))}
      />
      <DialogFormFooter
        onCancel={onClose}
        pending={mutation.isPending}
        submitLabel={t('edit.submit')}
      />
    </DialogForm>
  );
}
