import type { Role } from '@verba/contracts';
import { AppError } from '../src/lib/app-error.ts';
import type { CurrentUser } from '../src/plugins/auth.ts';

/** Who a policy judges in the unit tests: one user per role, and nobody (a guest). */
export type Who = Role | 'guest';
export const EVERYONE: Who[] = ['VERBA_ADMIN', 'VERBA_PM', 'CLIENT_ADMIN', 'CLIENT_USER', 'guest'];

/** Staff belong to no customer; both clients to customer 1. Ids: 1 admin, 2 pm, 3 client admin, 4 client user. */
export const OWN_CUSTOMER = 1;
export const OTHER_CUSTOMER = 2;
const IDS: Record<Role, number> = { VERBA_ADMIN: 1, VERBA_PM: 2, CLIENT_ADMIN: 3, CLIENT_USER: 4 };

export function userOf(who: Who): CurrentUser | null {
  if (who === 'guest') return null;
  return {
    id: IDS[who],
    type: who,
    email: `${who.toLowerCase()}@example.test`,
    name: who,
    lastname: 'Test',
    language: 'en',
    customer_id: who.startsWith('CLIENT') ? OWN_CUSTOMER : null,
    session_id: 100 + IDS[who],
  };
}

/** What an `assert…` answers: 'ok', or the HTTP status of the error it throws. */
export function verdict(assertion: () => unknown): 'ok' | number {
  try {
    assertion();
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.status;
    throw err;
  }
}
