import { TASK_STATES, staffStatusOptions, type StaffTarget } from '@verba/contracts';

export type { StaffTarget };

/** The states staff may pick for a task (the transition table's status-screen moves). */
export const statusOptions = (state: string, guest: boolean): StaffTarget[] =>
  staffStatusOptions(state, guest);

/** Whether the status screen opens for the task (a state with something to move to). */
export const hasStatusScreen = (state: string, guest: boolean): boolean =>
  statusOptions(state, guest).length > 0;

/** States whose task the status screen opens for: APPROVED, IN_COURSE, DONE, and DEFERRED to start it. */
export const STATUS_SCREEN_STATES: readonly string[] = TASK_STATES.filter((state) =>
  hasStatusScreen(state, false),
);
