import { api } from '../../../lib/api-client.ts';

export const logoutRequest = () =>
  api.post<{ ok: true }>('/auth/logout', undefined, {
    silentUnauthorized: true,
    handles: [400, 401, 404, 500],
  });
