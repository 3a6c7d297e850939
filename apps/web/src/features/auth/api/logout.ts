import type { logoutReply } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

/** Best effort: the session ends in the browser whatever the server answers. */
export const logoutRequest = () => api.post<typeof logoutReply>('/auth/logout', undefined, { quiet: true });
