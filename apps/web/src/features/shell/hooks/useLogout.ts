import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiRequestError } from '../../../lib/api';
import { clearSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/requestErrors';
import { authApi } from '../../auth/api';

/**
 * Ends the session on the server, then forgets the user and every cached answer and goes to
 * /login. A 401 means the session was already gone, which is the outcome wanted.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: async () => {
      try {
        await authApi.logout();
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
      }
    },
    onSuccess: () => {
      clearSession(queryClient);
      void navigate('/login', { replace: true });
    },
    onError: (error) => {
      console.error('Logout failed', error);
      toast.error(errorMessage(error));
    },
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}
