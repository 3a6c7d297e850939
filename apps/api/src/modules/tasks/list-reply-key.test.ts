import { describe, expect, it } from 'vitest';
import { taskListQuery, type TaskListQuery } from '@verba/contracts';
import { listReplyKey } from './kept-replies.ts';
import type { TaskLister } from './repository/list.ts';

// A value other than the default for every field of the list's query (a new field must be added
// here, or the type check fails).
const other: Record<keyof TaskListQuery, string> = {
  page: '2',
  per_page: '50',
  state: 'DONE',
  client: '7',
  showCancelled: 'true',
  overdue: 'true',
  search: 'annual',
  sort: 'code',
  order: 'asc',
  lang: 'es',
};
const pm: TaskLister = { type: 'VERBA_PM', customer_id: null, id: 2 };
const key = (lister: TaskLister, raw: Record<string, string>) =>
  listReplyKey(lister, taskListQuery.parse(raw));

describe('the key of a kept task list page', () => {
  it.each(Object.keys(other) as (keyof TaskListQuery)[])('changes with %s', (field) => {
    expect(key(pm, { [field]: other[field] })).not.toBe(key(pm, {}));
  });

  it('is the same for the same query written otherwise', () => {
    expect(key(pm, { page: '1', order: 'desc', search: ' annual ' })).toBe(key(pm, { search: 'annual' }));
  });

  it('changes with who lists', () => {
    const acme: TaskLister = { type: 'CLIENT_ADMIN', customer_id: 1, id: 3 };
    const globex: TaskLister = { type: 'CLIENT_ADMIN', customer_id: 2, id: 5 };
    expect(key(acme, {})).not.toBe(key(globex, {}));
    expect(key(acme, {})).not.toBe(key(pm, {}));
    expect(key({ ...acme, type: 'CLIENT_USER' }, {})).not.toBe(
      key({ ...acme, type: 'CLIENT_USER', id: 4 }, {}),
    );
  });
});
