/** Whose rates a screen shows: the general list, or one customer's own. */
export type RateOwner = { kind: 'general' } | { kind: 'customer'; customerId: number };

export const GENERAL: RateOwner = { kind: 'general' };
