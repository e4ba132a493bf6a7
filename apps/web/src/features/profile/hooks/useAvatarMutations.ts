import type { Me } from '@app/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { setSessionUser } from '../../../lib/auth';
import { errorMessage } from '../../../lib/requestErrors';
import { profileApi } from '../api';

/**
 * Upload and removal of the profile picture. The answer is the updated user, which becomes the
 * session snapshot (`auth-storage`) and the cached /me, so the top bar shows it at once.
 */
export function useAvatarMutations() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const applyUser = ({ user }: { user: Me }) => setSessionUser(queryClient, user);

  const upload = useMutation({
    mutationFn: (file: File) => profileApi.uploadAvatar(file),
    onMutate: () => ({ toastId: toast.loading(t('avatar.updating')) }),
    onSuccess: (result, _file, context) => {
      applyUser(result);
      toast.success(t('avatar.updated'), { id: context.toastId });
    },
    onError: (error, _file, context) => {
      toast.error(t('avatar.failed'), { id: context?.toastId, description: errorMessage(error) });
    },
  });

  const remove = useMutation({
    mutationFn: () => profileApi.removeAvatar(),
    onSuccess: (result) => {
      applyUser(result);
      toast.success(t('avatar.removed'));
    },
    onError: (error) => toast.error(t('avatar.failed'), { description: errorMessage(error) }),
  });

  return { upload, remove };
}
