import { isStaff } from '@verba/contracts';
import { assertCanFrom, canFrom, type AssertCan, type PolicyUser, type Rules } from '../../lib/policy.ts';

/** A message as far as the rules need it. */
interface Message {
  internal: boolean;
}

/**
 * Who may do what in a task's thread. The task itself is judged first by the tasks module
 * (`visibleTask`: a task out of reach is 404); these rules add what is the thread's own:
 * internal notes are written and read by staff only, and a client meets one as if it did not exist.
 */
interface Subjects {
  /** read the thread or write in it (the task is visible to the caller) */
  talk: undefined;
  /** write an internal note */
  'write-internal': undefined;
  /** read one message (and download its files) */
  read: Message;
}

const staffOnly = (user: PolicyUser) => (!user ? 401 : isStaff(user.type) ? true : 403);

const rules: Rules<Subjects> = {
  talk: { role: 'tasks:view' },
  'write-internal': { role: staffOnly },
  read: {
    role: 'tasks:view',
    subject: (user, message) => !message.internal || (!!user && isStaff(user.type)) || 404,
  },
};

export const can = canFrom(rules);
export const assertCan: AssertCan<Subjects> = assertCanFrom(rules);
