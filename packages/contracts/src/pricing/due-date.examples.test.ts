import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  baseBusinessDays,
  computeDueDate,
  isBusinessDay,
  isQuoteStillValid,
  largestPayableWords,
} from './due-date.ts';
import type { DueDateInput } from './due-date.ts';
import { holidayDates } from './holidays.ts';
import { madridDateOf, madridEndOfDay, madridOffsetMs } from './madrid-time.ts';
import { bands } from './test-helpers.ts';

/**
 * Worked due-date examples. n = (flash ? 1 : ceil(payable / 1500) + 3) + days_to_add, at least 1;
 * the due date is the n-th business day AFTER the Madrid date of the approval, shown at
 * 23:59:59.999 Madrid (UTC+1 in winter = 22:59:59.999Z, UTC+2 in summer = 21:59:59.999Z).
 * Holidays: Spain (ES) + Catalonia (ES-CT) unless stated.
 */
const CATALONIA = holidayDates(['ES', 'ES-CT']);
const SPAIN_ONLY = holidayDates(['ES']);
const HUMAN = 1;
const FLASH = 4;

interface Example {
  name: string;
  input: DueDateInput;
  date: string;
  dueDate: string;
  businessDays: number;
}

const examples: Example[] = [
  {
    // Mon 1 Jun 2026, 10:00 Madrid. ceil(1000/1500) + 3 = 4: Tue 2, Wed 3, Thu 4, Fri 5
    name: 'D1. 1000 words from a Monday',
    input: {
      approved_at: '2026-06-01T08:00:00Z',
      translation_type_id: HUMAN,
      payable_words: 1000,
      holidays: CATALONIA,
    },
    date: '2026-06-05',
    dueDate: '2026-06-05T21:59:59.999Z',
    businessDays: 4,
  },
  {
    // ceil(1500/1500) + 3 = 4 -> Fri 5 Jun
    name: 'D2. exactly 1500 payable words is one day of work',
    input: { approved_at: '2026-06-01T08:00:00Z', translation_type_id: HUMAN, payable_words: '1500' },
    date: '2026-06-05',
    dueDate: '2026-06-05T21:59:59.999Z',
    businessDays: 4,
  },
  {
    // ceil(1500.1/1500) + 3 = 2 + 3 = 5: Tue 2 … Fri 5 (4), Mon 8 (5)
    name: 'D3. 1500.1 payable words take two days of work',
    input: { approved_at: '2026-06-01T08:00:00Z', translation_type_id: HUMAN, payable_words: '1500.1' },
    date: '2026-06-08',
    dueDate: '2026-06-08T21:59:59.999Z',
    businessDays: 5,
  },
  {
    // ceil(0/1500) + 3 = 3: Tue 2, Wed 3, Thu 4
    name: 'D4. no words still takes 3 business days',
    input: { approved_at: '2026-06-01T08:00:00Z', translation_type_id: HUMAN, payable_words: 0 },
    date: '2026-06-04',
    dueDate: '2026-06-04T21:59:59.999Z',
    businessDays: 3,
  },
  {
    // Fri 5 Jun, 4 days: (Sat 6, Sun 7 skipped) Mon 8, Tue 9, Wed 10, Thu 11
    name: 'D5. weekend skipped',
    input: { approved_at: '2026-06-05T10:00:00Z', translation_type_id: HUMAN, payable_words: 1000 },
    date: '2026-06-11',
    dueDate: '2026-06-11T21:59:59.999Z',
    businessDays: 4,
  },
  {
    // Sat 6 Jun: counting starts after Saturday: Mon 8 … Thu 11, same as from Friday
    name: 'D6. approved on a Saturday',
    input: { approved_at: '2026-06-06T10:00:00Z', translation_type_id: HUMAN, payable_words: 1000 },
    date: '2026-06-11',
    dueDate: '2026-06-11T21:59:59.999Z',
    businessDays: 4,
  },
  {
    // flash: 1 business day whatever the size: Mon 1 Jun -> Tue 2 Jun
    name: 'D7. flash is 1 day even for 100000 words',
    input: { approved_at: '2026-06-01T08:00:00Z', translation_type_id: FLASH, payable_words: 100000 },
    date: '2026-06-02',
    dueDate: '2026-06-02T21:59:59.999Z',
    businessDays: 1,
  },
  {
    // flash on Fri 5 Jun -> Mon 8 Jun
    name: 'D8. flash approved on a Friday is due on Monday',
    input: { approved_at: '2026-06-05T08:00:00Z', translation_type_id: FLASH, payable_words: 10 },
    date: '2026-06-08',
    dueDate: '2026-06-08T21:59:59.999Z',
    businessDays: 1,
  },
  {
    // Wed 1 Apr 2026 flash -> Thu 2 Apr (Holy Thursday is NOT a holiday in Catalonia)
    name: 'D9. Holy Thursday is a business day in Catalonia',
    input: {
      approved_at: '2026-04-01T10:00:00Z',
      translation_type_id: FLASH,
      payable_words: 10,
      holidays: CATALONIA,
    },
    date: '2026-04-02',
    dueDate: '2026-04-02T21:59:59.999Z',
    businessDays: 1,
  },
  {
    // Thu 2 Apr flash: Fri 3 (Good Friday), Sat 4, Sun 5, Mon 6 (Easter Monday, ES-CT) -> Tue 7 Apr
    name: 'D10. Easter 2026 in Catalonia',
    input: {
      approved_at: '2026-04-02T10:00:00Z',
      translation_type_id: FLASH,
      payable_words: 10,
      holidays: CATALONIA,
    },
    date: '2026-04-07',
    dueDate: '2026-04-07T21:59:59.999Z',
    businessDays: 1,
  },
  {
    // same, national holidays only: Easter Monday is a working day -> Mon 6 Apr
    name: 'D11. Easter 2026 with national holidays only',
    input: {
      approved_at: '2026-04-02T10:00:00Z',
      translation_type_id: FLASH,
      payable_words: 10,
      holidays: SPAIN_ONLY,
    },
    date: '2026-04-06',
    dueDate: '2026-04-06T21:59:59.999Z',
    businessDays: 1,
  },
  {
    // Wed 1 Apr, 1500.5 words -> 2 + 3 = 5: Thu 2 (1), [Fri 3, Sat, Sun, Mon 6], Tue 7 (2), Wed 8 (3),
    // Thu 9 (4), Fri 10 (5)
    name: 'D12. holidays inside a longer task',
    input: {
      approved_at: '2026-04-01T10:00:00Z',
      translation_type_id: HUMAN,
      payable_words: '1500.5',
      holidays: CATALONIA,
    },
    date: '2026-04-10',
    dueDate: '2026-04-10T21:59:59.999Z',
    businessDays: 5,
  },
  {
    // D1 + 2 days_to_add = 6: Tue 2 … Fri 5 (4), Mon 8 (5), Tue 9 (6)
    name: 'D13. positive days_to_add',
    input: {
      approved_at: '2026-06-01T08:00:00Z',
      translation_type_id: HUMAN,
      payable_words: 1000,
      days_to_add: 2,
    },
    date: '2026-06-09',
    dueDate: '2026-06-09T21:59:59.999Z',
    businessDays: 6,
  },
  {
    // 4 − 3 = 1 -> Tue 2 Jun
    name: 'D14. days_to_add down to one day',
    input: {
      approved_at: '2026-06-01T08:00:00Z',
      translation_type_id: HUMAN,
      payable_words: 1000,
      days_to_add: -3,
    },
    date: '2026-06-02',
    dueDate: '2026-06-02T21:59:59.999Z',
    businessDays: 1,
  },
  {
    // 4 − 10 = −6 -> never before the next business day: 1 -> Tue 2 Jun
    name: 'D15. negative total clamps to the next business day',
    input: {
      approved_at: '2026-06-01T08:00:00Z',
      translation_type_id: HUMAN,
      payable_words: 1000,
      days_to_add: -10,
    },
    date: '2026-06-02',
    dueDate: '2026-06-02T21:59:59.999Z',
    businessDays: 1,
  },
  {
    // Fri 5 Jun, 1 − 999 -> 1: next business day is Mon 8 Jun
    name: 'D16. clamped total on a Friday skips the weekend',
    input: {
      approved_at: '2026-06-05T08:00:00Z',
      translation_type_id: FLASH,
      payable_words: 0,
      days_to_add: -999,
    },
    date: '2026-06-08',
    dueDate: '2026-06-08T21:59:59.999Z',
    businessDays: 1,
  },
  {
    // flash 1 + 5 = 6 from Mon 1 Jun: Tue 2 … Fri 5 (4), Mon 8 (5), Tue 9 (6)
    name: 'D17. days_to_add on flash',
    input: {
      approved_at: '2026-06-01T08:00:00Z',
      translation_type_id: FLASH,
      payable_words: 0,
      days_to_add: 5,
    },
    date: '2026-06-09',
    dueDate: '2026-06-09T21:59:59.999Z',
    businessDays: 6,
  },
  {
    // 2026-06-01T22:30Z is 00:30 on Tue 2 Jun in Madrid (UTC+2): start Tue 2; 4 days: Wed 3, Thu 4,
    // Fri 5, Mon 8
    name: 'D18. approval after the end of the Madrid day starts from the next day',
    input: { approved_at: '2026-06-01T22:30:00Z', translation_type_id: HUMAN, payable_words: 1000 },
    date: '2026-06-08',
    dueDate: '2026-06-08T21:59:59.999Z',
    businessDays: 4,
  },
  {
    // 2026-06-01T21:59:59.999Z is 23:59:59.999 on Mon 1 Jun in Madrid: still Monday -> Fri 5
    name: 'D19. approval at the last millisecond of the Madrid day',
    input: { approved_at: '2026-06-01T21:59:59.999Z', translation_type_id: HUMAN, payable_words: 1000 },
    date: '2026-06-05',
    dueDate: '2026-06-05T21:59:59.999Z',
    businessDays: 4,
  },
  {
    // winter: 2026-01-12T23:30Z = 00:30 Tue 13 Jan Madrid (UTC+1): Wed 14, Thu 15, Fri 16, Mon 19
    name: 'D20. winter approval after midnight Madrid',
    input: { approved_at: '2026-01-12T23:30:00Z', translation_type_id: HUMAN, payable_words: 1000 },
    date: '2026-01-19',
    dueDate: '2026-01-19T22:59:59.999Z',
    businessDays: 4,
  },
  {
    // the approval's own offset is honoured: 2026-01-12T00:30+01:00 is Mon 12 Jan in Madrid -> Fri 16
    name: 'D21. approval given with an explicit offset',
    input: { approved_at: '2026-01-12T00:30:00+01:00', translation_type_id: HUMAN, payable_words: 1000 },
    date: '2026-01-16',
    dueDate: '2026-01-16T22:59:59.999Z',
    businessDays: 4,
  },
  {
    // DST starts Sun 29 Mar 2026. Flash on Thu 26 Mar -> Fri 27 Mar, still UTC+1
    name: 'D22. spring DST week, due before the change',
    input: { approved_at: '2026-03-26T10:00:00Z', translation_type_id: FLASH, payable_words: 1 },
    date: '2026-03-27',
    dueDate: '2026-03-27T22:59:59.999Z',
    businessDays: 1,
  },
  {
    // flash on Fri 27 Mar -> Mon 30 Mar, now UTC+2
    name: 'D23. spring DST week, due after the change',
    input: { approved_at: '2026-03-27T10:00:00Z', translation_type_id: FLASH, payable_words: 1 },
    date: '2026-03-30',
    dueDate: '2026-03-30T21:59:59.999Z',
    businessDays: 1,
  },
  {
    // DST ends Sun 25 Oct 2026. 2026-10-24T22:30Z = 00:30 Sun 25 Oct Madrid (still UTC+2):
    // start Sunday; flash -> Mon 26 Oct, UTC+1
    name: 'D24. autumn DST: approval in the night of the change',
    input: { approved_at: '2026-10-24T22:30:00Z', translation_type_id: FLASH, payable_words: 1 },
    date: '2026-10-26',
    dueDate: '2026-10-26T22:59:59.999Z',
    businessDays: 1,
  },
  {
    // Tue 20 Oct, 3001 words: ceil(3001/1500) + 3 = 3 + 3 = 6: Wed 21, Thu 22, Fri 23, Mon 26, Tue 27,
    // Wed 28 (UTC+1)
    name: 'D25. autumn DST inside the counting',
    input: { approved_at: '2026-10-20T09:00:00Z', translation_type_id: HUMAN, payable_words: 3001 },
    date: '2026-10-28',
    dueDate: '2026-10-28T22:59:59.999Z',
    businessDays: 6,
  },
  {
    // Tue 22 Dec 2026, 4 days: Wed 23, Thu 24, [Fri 25 Christmas; Sat 26 St Stephen; Sun], Mon 28, Tue 29
    name: 'D26. Christmas 2026',
    input: {
      approved_at: '2026-12-22T10:00:00Z',
      translation_type_id: HUMAN,
      payable_words: 1000,
      holidays: CATALONIA,
    },
    date: '2026-12-29',
    dueDate: '2026-12-29T22:59:59.999Z',
    businessDays: 4,
  },
  {
    // flash Thu 31 Dec 2026: Fri 1 Jan 2027 holiday -> Mon 4 Jan 2027
    name: 'D27. New Year across the year end',
    input: {
      approved_at: '2026-12-31T10:00:00Z',
      translation_type_id: FLASH,
      payable_words: 1,
      holidays: CATALONIA,
    },
    date: '2027-01-04',
    dueDate: '2027-01-04T22:59:59.999Z',
    businessDays: 1,
  },
  {
    // flash Thu 25 Mar 2027: Fri 26 (Good Friday), Mon 29 (Easter Monday) -> Tue 30 Mar (DST since 28 Mar)
    name: 'D28. Easter 2027 with DST the same weekend',
    input: {
      approved_at: '2027-03-25T10:00:00Z',
      translation_type_id: FLASH,
      payable_words: 1,
      holidays: CATALONIA,
    },
    date: '2027-03-30',
    dueDate: '2027-03-30T21:59:59.999Z',
    businessDays: 1,
  },
  {
    // Fri 29 Oct 2027, 4 days: [Sat, Sun, Mon 1 Nov All Saints] Tue 2, Wed 3, Thu 4, Fri 5 Nov
    // (DST ended Sun 31 Oct: UTC+1)
    name: 'D29. All Saints 2027 on a Monday',
    input: {
      approved_at: '2027-10-29T10:00:00Z',
      translation_type_id: HUMAN,
      payable_words: 1000,
      holidays: CATALONIA,
    },
    date: '2027-11-05',
    dueDate: '2027-11-05T22:59:59.999Z',
    businessDays: 4,
  },
  {
    // Fri 3 Dec 2027, flash: Mon 6 (Constitution) and Wed 8 (Immaculate) are holidays -> Tue 7 Dec
    name: 'D30. December 2027 bridge',
    input: {
      approved_at: '2027-12-03T10:00:00Z',
      translation_type_id: FLASH,
      payable_words: 1,
      holidays: CATALONIA,
    },
    date: '2027-12-07',
    dueDate: '2027-12-07T22:59:59.999Z',
    businessDays: 1,
  },
];

describe('computeDueDate — worked examples', () => {
  it('has at least 30 examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(30);
  });
  it.each(examples)('$name', ({ input, date, dueDate, businessDays }) => {
    const result = computeDueDate(input);
    expect(result).toMatchObject({ date, due_date: dueDate, business_days: businessDays });
  });
});

describe('due-date building blocks', () => {
  it('uses the largest payable count among the target languages', () => {
    // A: 5000 reps × 30 % = 1500; B: 2000 no match = 2000 -> 2000 -> ceil(2000/1500) + 3 = 5
    const words = largestPayableWords([bands({ repetitions: 5000 }), bands({ no_match: 2000 })]);
    expect(words).toBe('2000');
    expect(baseBusinessDays(HUMAN, words)).toBe(5);
    // 5000 repetitions alone are only 1500 payable words: 1 + 3, not ceil(5000/1500) + 3 = 7
    expect(baseBusinessDays(HUMAN, largestPayableWords([bands({ repetitions: 5000 })]))).toBe(4);
    expect(largestPayableWords([])).toBe('0');
  });

  it('business days', () => {
    expect(isBusinessDay('2026-06-05')).toBe(true); // Friday
    expect(isBusinessDay('2026-06-06')).toBe(false); // Saturday
    expect(isBusinessDay('2026-04-06', CATALONIA)).toBe(false); // Easter Monday in Catalonia
    expect(isBusinessDay('2026-04-06', SPAIN_ONLY)).toBe(true);
    expect(addBusinessDays('2026-06-05', 1)).toBe('2026-06-08');
    expect(addBusinessDays('2026-06-05', 0)).toBe('2026-06-08'); // never the start day itself
  });

  it('Madrid offsets and end of day across DST', () => {
    expect(madridOffsetMs(new Date('2026-03-29T00:59:59Z'))).toBe(3_600_000); // 01:59:59 CET
    expect(madridOffsetMs(new Date('2026-03-29T01:00:00Z'))).toBe(7_200_000); // 03:00 CEST
    expect(madridOffsetMs(new Date('2026-10-25T00:59:59Z'))).toBe(7_200_000); // 02:59:59 CEST
    expect(madridOffsetMs(new Date('2026-10-25T01:00:00Z'))).toBe(3_600_000); // 02:00 CET
    expect(madridEndOfDay('2026-03-28').toISOString()).toBe('2026-03-28T22:59:59.999Z');
    expect(madridEndOfDay('2026-03-29').toISOString()).toBe('2026-03-29T21:59:59.999Z');
    expect(madridEndOfDay('2026-10-24').toISOString()).toBe('2026-10-24T21:59:59.999Z');
    expect(madridEndOfDay('2026-10-25').toISOString()).toBe('2026-10-25T22:59:59.999Z');
    expect(madridDateOf(new Date('2026-06-01T22:00:00Z'))).toBe('2026-06-02');
    expect(madridDateOf(new Date('2026-01-12T22:59:59.999Z'))).toBe('2026-01-12');
  });

  it('a quote is valid until the end of its Madrid day', () => {
    // summer: quoted Mon 1 Jun 10:00 Madrid; the day ends at 21:59:59.999Z
    expect(isQuoteStillValid('2026-06-01T08:00:00Z', '2026-06-01T21:59:59.999Z')).toBe(true);
    expect(isQuoteStillValid('2026-06-01T08:00:00Z', '2026-06-01T22:00:00Z')).toBe(false);
    // winter: the day ends at 22:59:59.999Z
    expect(isQuoteStillValid('2026-01-12T10:00:00Z', '2026-01-12T22:59:59Z')).toBe(true);
    expect(isQuoteStillValid('2026-01-12T10:00:00Z', '2026-01-12T23:00:00Z')).toBe(false);
    // a quote made at 00:30 Madrid (22:30Z the day before) is valid for that whole Madrid day
    expect(isQuoteStillValid('2026-06-01T22:30:00Z', '2026-06-02T20:00:00Z')).toBe(true);
    // clock skew: "now" before the quote is still valid
    expect(isQuoteStillValid('2026-06-01T08:00:00Z', '2026-06-01T07:00:00Z')).toBe(true);
  });

  it('refuses ambiguous or malformed input', () => {
    const ok: DueDateInput = {
      approved_at: '2026-06-01T08:00:00Z',
      translation_type_id: HUMAN,
      payable_words: 1,
    };
    // a local time without offset depends on the machine's zone: refused
    expect(() => computeDueDate({ ...ok, approved_at: '2026-06-01T08:00:00' })).toThrow(RangeError);
    expect(() => computeDueDate({ ...ok, days_to_add: 1000 })).toThrow(RangeError);
    expect(() => computeDueDate({ ...ok, days_to_add: 1.5 })).toThrow(RangeError);
    expect(() => computeDueDate({ ...ok, payable_words: -1 })).toThrow(RangeError);
    expect(() => computeDueDate({ ...ok, holidays: ['2026-02-30'] })).toThrow(RangeError);
    expect(() => computeDueDate({ ...ok, approved_at: new Date(Number.NaN) })).toThrow(RangeError);
  });
});
