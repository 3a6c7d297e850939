import { dayNumber, isWeekend, isoDateOf } from './calendar.ts';
import { DEFAULT_PAYABLE_GRID, FLASH_TRANSLATION_TYPE_ID } from './grid.ts';
import type { PayableGrid, WordCountBands } from './grid.ts';
import { madridDateOf, madridEndOfDay } from './madrid-time.ts';
import { divideCeil, formatUnitsTrimmed, toNonNegativeUnits } from './money.ts';
import type { DecimalLike } from './money.ts';
import { payableWordUnits } from './price-language.ts';

/** Words a translator delivers per business day (DESIGN §7: ceil(words / 1500) + 3). */
export const WORDS_PER_BUSINESS_DAY = 1500;
/** Business days added to every non-flash task. */
export const BASE_BUSINESS_DAYS = 3;
/** Business days of a flash task (type 4), whatever its size. */
export const FLASH_BUSINESS_DAYS = 1;
/** Allowed range of a task's `days_to_add` (spec §5). */
export const DAYS_TO_ADD_RANGE = { min: -999, max: 999 } as const;

/** An instant: a Date, or an ISO 8601 string WITH an offset or Z (a bare local time is refused). */
export type InstantLike = Date | string;

const ISO_INSTANT_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

export function toInstant(value: InstantLike, field = 'instant'): Date {
  if (typeof value === 'string' && !ISO_INSTANT_WITH_OFFSET.test(value)) {
    throw new RangeError(`${field}: "${value}" is not an ISO instant with an offset`);
  }
  const instant = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`${field}: invalid instant`);
  return instant;
}

export interface DueDateInput {
  /** when the task was approved (or, for a quote, now) */
  readonly approved_at: InstantLike;
  readonly translation_type_id: number;
  /** the largest payable count among the target languages (see `largestPayableWords`) */
  readonly payable_words: DecimalLike;
  /** −999..999 business days; defaults to 0 */
  readonly days_to_add?: number | undefined;
  /** non-business dates, "YYYY-MM-DD" (weekends are never business days anyway) */
  readonly holidays?: Iterable<string> | undefined;
}

export interface DueDate {
  /** ISO instant (UTC, "Z") of 23:59:59.999 Europe/Madrid on `date` */
  readonly due_date: string;
  /** the due calendar date in Madrid, "YYYY-MM-DD" */
  readonly date: string;
  /** the Madrid date of the approval: counting starts on the business day after it */
  readonly start_date: string;
  /** business days counted: max(1, (flash ? 1 : ceil(payable_words / 1500) + 3) + days_to_add) */
  readonly business_days: number;
}

/** A set of holiday day numbers, built once per call. */
function holidaySet(holidays: Iterable<string> | undefined): ReadonlySet<number> {
  const set = new Set<number>();
  for (const date of holidays ?? []) set.add(dayNumber(date));
  return set;
}

/** Mon–Fri and not a holiday. */
export function isBusinessDay(isoDate: string, holidays?: Iterable<string>): boolean {
  const day = dayNumber(isoDate);
  return !isWeekend(day) && !holidaySet(holidays).has(day);
}

/**
 * The `count`-th business day AFTER `isoDate` (the start day itself is never counted; `count`
 * below 1 is treated as 1, so the answer is always a business day after the start).
 */
export function addBusinessDays(isoDate: string, count: number, holidays?: Iterable<string>): string {
  return isoDateOf(addBusinessDayNumbers(dayNumber(isoDate), count, holidaySet(holidays)));
}

function addBusinessDayNumbers(start: number, count: number, holidays: ReadonlySet<number>): number {
  let day = start;
  let counted = 0;
  const wanted = Math.max(1, count);
  while (counted < wanted) {
    day += 1;
    if (!isWeekend(day) && !holidays.has(day)) counted += 1;
  }
  return day;
}

/**
 * The business days a task takes before `days_to_add`: 1 for flash (type 4), otherwise
 * ceil(payable words / 1500) + 3 (exact: 1500.0001 payable words are 2 days + 3).
 */
export function baseBusinessDays(translationTypeId: number, payableWords: DecimalLike): number {
  if (translationTypeId === FLASH_TRANSLATION_TYPE_ID) return FLASH_BUSINESS_DAYS;
  const units = toNonNegativeUnits(payableWords, 4, 'payable_words');
  return Number(divideCeil(units, BigInt(WORDS_PER_BUSINESS_DAY) * 10_000n)) + BASE_BUSINESS_DAYS;
}

/**
 * Due date of a task (DESIGN §7).
 *
 * 1. start = the Madrid calendar date of `approved_at`. An approval at 00:30 Madrid on a Tuesday
 *    (Monday 22:30 UTC) starts from Tuesday; anything after 23:59:59.999 Madrid is the next day.
 * 2. n = (flash ? 1 : ceil(payable_words / 1500) + 3) + days_to_add, and at least 1: a negative
 *    total never goes before the next business day after the start.
 * 3. date = the n-th business day after start (Mon–Fri, not in `holidays`); the start day is
 *    never counted, even when it is a business day.
 * 4. due_date = 23:59:59.999 Europe/Madrid on that date, as a UTC ISO instant.
 */
export function computeDueDate(input: DueDateInput): DueDate {
  const approvedAt = toInstant(input.approved_at, 'approved_at');
  const daysToAdd = input.days_to_add ?? 0;
  if (
    !Number.isInteger(daysToAdd) ||
    daysToAdd < DAYS_TO_ADD_RANGE.min ||
    daysToAdd > DAYS_TO_ADD_RANGE.max
  ) {
    throw new RangeError(`days_to_add: ${daysToAdd} is not a whole number in -999..999`);
  }
  const startDate = madridDateOf(approvedAt);
  const businessDays = Math.max(
    1,
    baseBusinessDays(input.translation_type_id, input.payable_words) + daysToAdd,
  );
  const date = isoDateOf(
    addBusinessDayNumbers(dayNumber(startDate), businessDays, holidaySet(input.holidays)),
  );
  return {
    due_date: madridEndOfDay(date).toISOString(),
    date,
    start_date: startDate,
    business_days: businessDays,
  };
}

/** The largest payable count among the target languages ("0" for none), a trimmed decimal string. */
export function largestPayableWords(
  wordCounts: readonly WordCountBands[],
  grid: PayableGrid = DEFAULT_PAYABLE_GRID,
): string {
  const largest = wordCounts.reduce((max, count) => {
    const units = payableWordUnits(count, grid);
    return units > max ? units : max;
  }, 0n);
  return formatUnitsTrimmed(largest, 4);
}

/** End of the Madrid day of `instant`, as a Date (a quote is valid until then). */
export function endOfMadridDayOf(instant: InstantLike): Date {
  return madridEndOfDay(madridDateOf(toInstant(instant)));
}

/**
 * True while `now` is still within the Madrid calendar day of `quotedAt` (until 23:59:59.999
 * Europe/Madrid). A quote approved later must be recalculated (spec §9: "valid if approved
 * before end of day CET, otherwise recalculated").
 */
export function isQuoteStillValid(quotedAt: InstantLike, now: InstantLike = new Date()): boolean {
  return toInstant(now, 'now').getTime() <= endOfMadridDayOf(toInstant(quotedAt, 'quotedAt')).getTime();
}
