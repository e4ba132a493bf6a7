import type { LoginInput, LoginResult, Me, RegisterInput } from '@app/shared/schemas/auth';
import { api } from '../../lib/api';

/** The auth endpoints the sign-in screens call; each returns the server's JSON as typed. */
export const authApi = {
  login: (input: LoginInput) => api.post<LoginResult>('/api/auth/login', input),
  register: (input: RegisterInput) => api.post<{ user: Me }>('/api/auth/register', input),
  logout: () => api.post<{ ok: true }>('/api/auth/logout'),
  requestRecovery: (email: string) => api.post<{ ok: true }>('/api/auth/recovery', { email }),
  completeRecovery: (input: { userId: string; secret: string; password: string }) =>
    api.put<{ ok: true }>('/api/auth/recovery', input),
  confirmVerification: (input: { userId: string; secret: string }) =>
    api.put<{ ok: true }>('/api/auth/verification', input),
};
