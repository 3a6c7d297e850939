import type { Actor, Deps } from '../../lib/service.ts';
import type { Db } from '../../db/client.ts';
import { customerBalance } from '../customers/service.ts';
import * as repo from './repository.ts';
import { ownCustomerOf } from '../../lib/policy.ts';
import * as policy from './policy.ts';

/**
 * How long a dashboard is reused. Dashboards are read far more often than their figures change; a
 * short reuse keeps 50 concurrent readers from recomputing the same sums (bench/dashboards.ts), and
 * the page says when its figures were computed.
 */
let figuresTtlMs = 30_000;

/** How long figures are reused (the bench measures with 0 too: every request recomputes). */
export function reuseFiguresFor(ms: number): void {
  figuresTtlMs = ms;
}
const TOP = 8;
const LIST = 10;
const DUE_WITHIN_DAYS = 3;

interface Cached<T> {
  at: number;
  value: Promise<T>;
  /** A newer computation under way while the older value is still served. */
  refreshing?: boolean;
}
const caches = new WeakMap<Db, Map<string, Cached<unknown>>>();

/**
 * Reuses a computation per database and key for a while; concurrent callers share one run. Once
 * stale, the last value is still served while one new run replaces it (stale-while-revalidate), so
 * no reader waits for the sums except the very first.
 */
function reuse<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const store = cache;
  const hit = store.get(key) as Cached<T> | undefined;
  const fresh = hit && Date.now() - hit.at < figuresTtlMs;
  if (hit && fresh) return hit.value;
  if (hit && figuresTtlMs > 0) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      const next = compute();
      next.then(
        () => store.set(key, { at: Date.now(), value: next }),
        () => (hit.refreshing = false),
      );
    }
    return hit.value;
  }
  const value = compute();
  store.set(key, { at: Date.now(), value });
  value.catch(() => store.delete(key));
  return value;
}

/** The last 12 months, `YYYY-MM`, oldest first, in Madrid's calendar. */
export function lastTwelveMonths(now = new Date()): string[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (11 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** Months come numbered 1…12 (oldest first); every month is present, zero when nothing happened. */
const zeroFilled = (months: Array<repo.Figure & { month: number }>) => {
  const found = new Map(months.map((m) => [m.month, m]));
  return lastTwelveMonths().map((month, i) => {
    const figure = found.get(i + 1);
    return figure ? { ...figure, month } : { month, tasks: 0, words: 0, amount: '0.00' };
  });
};

const byAmount = (a: repo.Figure, b: repo.Figure) => Number(b.amount) - Number(a.amount) || b.words - a.words;

async function staffFigures(db: Db) {
  const [byState, work, pairs] = await Promise.all([
    repo.countByState(db),
    repo.approvedWork(db, { staff: true }),
    repo.topLanguagePairs(db, TOP),
  ]);
  const top = work.groups
    .filter((g): g is repo.Figure & { key: number } => g.key !== null)
    .sort(byAmount)
    .slice(0, TOP);
  const names = await repo.namesOf(
    db,
    'customers',
    top.map((g) => g.key),
  );
  return {
    generated_at: new Date(),
    by_state: byState,
    months: zeroFilled(work.months),
    top_customers: top.map(({ key, ...figure }) => ({
      customer_id: key,
      name: names.get(key) ?? '',
      ...figure,
    })),
    language_pairs: pairs,
  };
}

async function staffDashboardOf(db: Db) {
  const [figures, due, queue] = await Promise.all([
    staffFigures(db),
    repo.dueTasks(db, DUE_WITHIN_DAYS, LIST),
    repo.analysisQueue(db, LIST),
  ]);
  return { ...figures, due, analysis_queue: queue };
}

/** The staff dashboard: every customer's work (the page shows when it was computed). */
export async function staffDashboard(deps: Pick<Deps, 'db'>, actor: Actor) {
  policy.assertCan(actor.user, 'staff');
  return reuse(deps.db, 'staff', () => staffDashboardOf(deps.db));
}

async function clientFigures(db: Db, customerId: number) {
  const [open, work, balance] = await Promise.all([
    repo.openTasksByState(db, customerId),
    repo.approvedWork(db, { customerId }),
    customerBalance(db, customerId),
  ]);
  const ids = work.groups.map((g) => g.key).filter((k): k is number => k !== null);
  const titles = await repo.namesOf(db, 'departments', ids);
  return {
    generated_at: new Date(),
    balance,
    months: zeroFilled(work.months),
    departments: work.groups.sort(byAmount).map(({ key, ...figure }) => ({
      department_id: key,
      title: key === null ? null : (titles.get(key) ?? null),
      ...figure,
    })),
    open_tasks: { total: open.reduce((sum, s) => sum + s.count, 0), by_state: open },
  };
}

/** The client admin's dashboard: its own customer's work only. */
export async function clientDashboard(deps: Pick<Deps, 'db'>, actor: Actor) {
  policy.assertCan(actor.user, 'client');
  const customerId = ownCustomerOf(actor.user);
  return reuse(deps.db, `customer:${customerId}`, () => clientFigures(deps.db, customerId));
}
