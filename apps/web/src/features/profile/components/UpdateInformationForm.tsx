import type { Me } from '@app/shared/schemas/auth';
import { updateProfileSchema } from '@app/shared/schemas/profile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { setSessionUser } from '../../../lib/auth';
import { toastAndMarkField } from '../../../lib/requestErrors';
import { CardForm, useSchemaForm } from '../../../ui/forms';
import { CountryControl, PhoneField } from '../../auth/components/ContactFields';
import { profileApi } from '../api';

/**
 * Update Information: only phone and country can change (seed section 5). Unchanged values give
 * 'No changes made' without a request; the server says the same if they reach it unchanged.
 */
export function UpdateInformationForm({ user }: { user: Me }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const { register, control, handleSubmit, reset, setError, errors, isSubmitting } = useSchemaForm(
    updateProfileSchema,
    { defaultValues: { phone: user.phone, country: user.country } },
  );

  // When the saved values change (here, or on another device through realtime), start from them.
  useEffect(() => {
    reset({ phone: user.phone, country: user.country });
  }, [reset, user.phone, user.country]);

  const submit = handleSubmit(async (values) => {
    if (values.phone === user.phone && values.country === user.country) {
      toast.error(t('update.noChanges'));
      return;
    }
    try {
      const result = await profileApi.updateProfile(values);
      setSessionUser(queryClient, result.user);
      toast.success(t('update.success'));
    } catch (error) {
      toastAndMarkField(error, setError, ['phone', 'country']);
    }
  });

  return (
    <CardForm
      title={t('update.title')}
      description={t('update.description')}
      onSubmit={submit}
      submitLabel={t('update.submit')}
      pending={isSubmitting}
    >
      <PhoneField maxLength={40} error={errors.phone?.message} {...register('phone')} />
      <CountryControl control={control} name="country" error={errors.country?.message} />
    </CardForm>
  );
}
