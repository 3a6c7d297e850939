import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, isWeekend } from './calendar.ts';
import { computeDueDate, isQuoteStillValid } from './due-date.ts';
import { BAND_KEYS, DEFAULT_PAYABLE_GRID, PRICE_LINES } from './grid.ts';
import type { PayableGrid, WordCountBands } from './grid.ts';
import { holidayDates } from './holidays.ts';
import { madridDateOf } from './madrid-time.ts';
import { formatUnits } from './money.ts';
import { priceTask } from './price-task.ts';
import type { PriceTaskInput } from './price-task.ts';
import { priceTaskInputSchema } from './schemas.ts';

// Independent oracle: decimal.js with ROUND_HALF_UP (which rounds half away from zero).
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
const cents = (value: string) => new D(value).times(100).toNumber(); // exact for these magnitudes

const decimal = (min: number, max: number, scale: number) =>
  fc.integer({ min, max }).map((units) => formatUnits(BigInt(units), scale));

const wordCount: fc.Arbitrary<WordCountBands> = fc.record(
  Object.fromEntries(
    BAND_KEYS.map((band) => [band, fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300_000 }))]),
  ) as Record<keyof WordCountBands, fc.Arbitrary<number>>,
) as fc.Arbitrary<WordCountBands>;

const grid: fc.Arbitrary<PayableGrid> = fc.record(
  Object.fromEntries(BAND_KEYS.map((band) => [band, decimal(0, 15000, 2)])) as Record<
    keyof PayableGrid,
    fc.Arbitrary<string>
  >,
);

const taskInput: fc.Arbitrary<PriceTaskInput> = fc.record(
  {
    translation_type: fc.record({ id: fc.integer({ min: 1, max: 4 }), percent: decimal(0, 20000, 2) }),
    languages: fc.uniqueArray(
      fc.record({
        target_language_id: fc.integer({ min: 1, max: 500 }),
        r1: decimal(0, 99999, 4),
        r2: decimal(0, 20000, 2),
        word_count: wordCount,
      }),
      { minLength: 1, maxLength: 5, selector: (language) => language.target_language_id },
    ),
    grid,
    minimum: fc.option(fc.record({ hour: decimal(0, 1000, 2), amount: decimal(0, 50000, 2) })),
    discount_percentage: decimal(0, 10000, 2),
    tax: fc.option(fc.record({ name: fc.constantFrom('IVA', 'VAT'), percentage: decimal(0, 10000, 2) })),
    other_concepts: fc.array(
      fc.record({
        concept: fc.string({ maxLength: 20 }),
        quantity: decimal(1, 99_999_999, 2),
        price: decimal(-99_999_999, 99_999_999, 2),
      }),
      { maxLength: 4 },
    ),
  },
  { requiredKeys: ['translation_type', 'languages'] },
);

const MONEY = /^-?\d+\.\d{2}$/;

describe('priceTask properties', () => {
  it('lines add up to every total shown', () => {
    fc.assert(
      fc.property(taskInput, (input) => {
        const price = priceTask(input);
        for (const language of price.languages) {
          const lines = PRICE_LINES.reduce((sum, { key }) => sum + cents(language[key].total), 0);
          expect(lines).toBe(cents(language.linesTotal));
          expect(lines + cents(language.minimum.adjustment)).toBe(cents(language.total));
        }
        const languages = price.languages.reduce((sum, language) => sum + cents(language.total), 0);
        expect(languages).toBe(cents(price.base_price));
        const others = price.other_concepts.reduce((sum, line) => sum + cents(line.total), 0);
        expect(others).toBe(cents(price.other_prices));
        expect(cents(price.base_price) - cents(price.discount.amount)).toBe(
          cents(price.discounted_base_price),
        );
        expect(cents(price.discounted_base_price) + cents(price.other_prices)).toBe(
          cents(price.untaxed_price),
        );
        expect(cents(price.untaxed_price) + cents(price.price_taxes) + cents(price.other_prices_taxes)).toBe(
          cents(price.taxed_price),
        );
        expect(cents(price.amount_to_pay)).toBe(Math.max(0, cents(price.taxed_price)));
      }),
      { numRuns: 300 },
    );
  });

  it('no NaN, no negative base price, every amount a 2-decimal string', () => {
    fc.assert(
      fc.property(taskInput, (input) => {
        const price = priceTask(input);
        const amounts = [
          price.base_price,
          price.discount.amount,
          price.discounted_base_price,
          price.other_prices,
          price.untaxed_price,
          price.price_taxes,
          price.other_prices_taxes,
          price.taxed_price,
          price.amount_to_pay,
          ...price.languages.flatMap((language) => [
            language.total,
            language.linesTotal,
            language.minimum.adjustment,
            ...PRICE_LINES.map(({ key }) => language[key].total),
          ]),
        ];
        for (const amount of amounts) expect(amount).toMatch(MONEY);
        expect(cents(price.base_price)).toBeGreaterThanOrEqual(0);
        expect(cents(price.discounted_base_price)).toBeGreaterThanOrEqual(0);
        expect(cents(price.price_taxes)).toBeGreaterThanOrEqual(0);
        expect(cents(price.amount_to_pay)).toBeGreaterThanOrEqual(0);
        for (const language of price.languages) {
          expect(cents(language.total)).toBeGreaterThanOrEqual(cents(language.minimum.charge));
          expect(cents(language.total)).toBeGreaterThanOrEqual(cents(language.linesTotal));
          for (const { key } of PRICE_LINES) expect(language[key].pricePerWord).toMatch(/^\d+\.\d{4}$/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with an independent decimal.js computation, half away from zero', () => {
    fc.assert(
      fc.property(taskInput, (input) => {
        const price = priceTask(input);
        const ppw = new D(input.translation_type.percent)
          .times(input.languages[0]!.r1)
          .div(100)
          .toDecimalPlaces(4);
        const language = price.languages[0]!;
        expect(language.pricePerWord).toBe(ppw.toFixed(4));
        for (const { key, band } of PRICE_LINES) {
          const linePpw = ppw
            .times((input.grid ?? DEFAULT_PAYABLE_GRID)[band])
            .div(100)
            .toDecimalPlaces(4);
          expect(language[key].pricePerWord).toBe(linePpw.toFixed(4));
          expect(language[key].total).toBe(
            linePpw.times(language[key].wordCount).toDecimalPlaces(2).toFixed(2),
          );
        }
        const discount = new D(price.base_price)
          .times(input.discount_percentage ?? 0)
          .div(100)
          .toDecimalPlaces(2);
        expect(price.discount.amount).toBe(discount.toFixed(2));
        const tax = input.tax ? input.tax.percentage : 0;
        expect(price.other_prices_taxes).toBe(
          new D(price.other_prices).times(tax).div(100).toDecimalPlaces(2).toFixed(2),
        );
        for (const [index, line] of price.other_concepts.entries()) {
          const item = input.other_concepts?.[index];
          if (!item) throw new Error('missing concept');
          expect(line.total).toBe(new D(item.quantity).times(item.price).toDecimalPlaces(2).toFixed(2));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('more words never cost less', () => {
    fc.assert(
      fc.property(
        taskInput,
        fc.constantFrom(...BAND_KEYS),
        fc.integer({ min: 1, max: 10_000 }),
        (input, band, extra) => {
          const first = input.languages[0]!;
          const more = {
            ...input,
            languages: [
              { ...first, word_count: { ...first.word_count, [band]: first.word_count[band] + extra } },
            ],
          };
          const less = { ...input, languages: [first] };
          expect(cents(priceTask(more).base_price)).toBeGreaterThanOrEqual(cents(priceTask(less).base_price));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('every generated input passes the schema and prices the same after parsing', () => {
    fc.assert(
      fc.property(taskInput, (input) => {
        const parsed = priceTaskInputSchema.safeParse(input);
        expect(parsed.error?.issues ?? []).toEqual([]);
        if (parsed.success) expect(priceTask(parsed.data)).toEqual(priceTask(input));
      }),
      { numRuns: 100 },
    );
  });
});

// --- due date -------------------------------------------------------------------------------

const FROM = Date.parse('2025-12-01T00:00:00Z');
const TO = Date.parse('2027-12-31T00:00:00Z');
const instant = fc.integer({ min: FROM, max: TO }).map((ms) => new Date(ms));
const holidays = fc.oneof(
  fc.constant(holidayDates()),
  fc.constant<string[]>([]),
  fc.uniqueArray(
    fc
      .integer({ min: dayNumber('2025-12-01'), max: dayNumber('2028-12-31') })
      .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10)),
    { maxLength: 60 },
  ),
);
const dueInput = fc.record({
  approved_at: instant,
  translation_type_id: fc.integer({ min: 1, max: 4 }),
  payable_words: fc.integer({ min: 0, max: 5_000_000_000 }).map((units) => formatUnits(BigInt(units), 4)),
  days_to_add: fc.integer({ min: -999, max: 999 }),
  holidays,
});

const madridClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
});

describe('computeDueDate properties', () => {
  it('is a business day, after the approval, at 23:59:59.999 Madrid', () => {
    fc.assert(
      fc.property(dueInput, (input) => {
        const due = computeDueDate(input);
        const day = dayNumber(due.date);
        expect(isWeekend(day)).toBe(false);
        expect(input.holidays).not.toContain(due.date);
        expect(day).toBeGreaterThan(dayNumber(madridDateOf(input.approved_at)));
        expect(Date.parse(due.due_date)).toBeGreaterThan(input.approved_at.getTime());
        const [date, time] = madridClock.format(new Date(due.due_date)).split(', ');
        expect(date).toBe(due.date.split('-').reverse().join('/'));
        expect(time).toBe('23:59:59.999');
        expect(due.business_days).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it('more words never give an earlier due date', () => {
    fc.assert(
      fc.property(dueInput, fc.integer({ min: 0, max: 100_000_000 }), (input, extra) => {
        const more = {
          ...input,
          payable_words: new D(input.payable_words).plus(new D(extra).div(10_000)).toFixed(4),
        };
        expect(computeDueDate(more).date >= computeDueDate(input).date).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('more days_to_add never give an earlier due date; a later approval never either', () => {
    fc.assert(
      fc.property(
        dueInput,
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 10 * 86_400_000 }),
        (input, days, later) => {
          const base = computeDueDate(input).date;
          const moreDays = { ...input, days_to_add: Math.min(999, input.days_to_add + days) };
          expect(computeDueDate(moreDays).date >= base).toBe(true);
          const laterInput = { ...input, approved_at: new Date(input.approved_at.getTime() + later) };
          expect(computeDueDate(laterInput).date >= base).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a quote is valid exactly while the Madrid date has not changed', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 3 * 86_400_000 }), (quotedAt, elapsed) => {
        const now = new Date(quotedAt.getTime() + elapsed);
        expect(isQuoteStillValid(quotedAt, now)).toBe(madridDateOf(now) === madridDateOf(quotedAt));
      }),
      { numRuns: 500 },
    );
  });
});
