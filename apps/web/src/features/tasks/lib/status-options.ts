import { STAFF_TARGET_STATES } from '@verba/contracts';

export type StaffTarget = (typeof STAFF_TARGET_STATES)[number];

/**
 * States whose task the staff status screen opens for: the spec's APPROVED, IN_COURSE and DONE,
 * plus DEFERRED, which staff start (DESIGN §6: DEFERRED -> IN_COURSE), or no screen would reach it.
 */
export const STATUS_SCREEN_STATES: readonly string[] = ['APPROVED', 'IN_COURSE', 'DONE', 'DEFERRED'];

/** The states staff may pick for a task (the API's staffMayMove), the current one left out. */
export function statusOptions(state: string, guest: boolean): StaffTarget[] {
  if (state === 'DEFERRED') return guest ? [] : ['IN_COURSE'];
  return STAFF_TARGET_STATES.slice(0, guest ? 2 : undefined).filter((target) => target !== state);
}

/** Whether the status screen opens for the task (an open state with something to move to). */
export const hasStatusScreen = (state: string, guest: boolean): boolean =>
  STATUS_SCREEN_STATES.includes(state) && statusOptions(state, guest).length > 0;
