import type { quoteChallengeSchema } from '@verba/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /quote/challenge: a fresh proof-of-work challenge for each attempt (a solution works once). */
export const fetchChallenge = () => api.get<typeof quoteChallengeSchema>('/quote/challenge');
