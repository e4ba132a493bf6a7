import { adminUpdateUserSchema } from '@app/shared/schemas/admin-users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, Modal, TextField } from '../../../ui';
import { CountryField } from '../../auth/components/CountryField';
import { adminApi } from '../api';
import { useAdminMutation } from '../hooks/useAdminMutation';

interface Contact {
  phone: string;
  country: string;
}

/** Only phone and country can change (seed); unchanged values give 'No changes made'. */
export function EditContactDialog({
  user,
  open,
  onOpenChange,
}: {
  user: { id: string; phone: string; country: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('edit.title')}>
      {open && <EditContactForm user={user} onClose={() => onOpenChange(false)} />}
    </Modal>
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
    messages: () => ({ success: t('toasts.userUpdated'), failure: t('toasts.userUpdateFailed') }),
    onSuccess: onClose,
  });

  function submit() {
    const parsed = adminUpdateUserSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Contact> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'phone' || field === 'country') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
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
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {t('edit.submit')}
        </Button>
      </div>
    </form>
  );
}
