import { describe, expect, it } from 'vitest';
import { dayNumber, isoDateOf, weekdayOf } from './calendar.ts';
import { SPAIN_CATALONIA_HOLIDAYS, holidayDates } from './holidays.ts';

/** Easter Sunday, Gregorian calendar (anonymous algorithm, Meeus/Jones/Butcher). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const byName = (nameEn: string, year: number) =>
  SPAIN_CATALONIA_HOLIDAYS.filter((item) => item.name_en === nameEn && item.date.startsWith(`${year}`));

describe('Spain and Catalonia holidays (seed)', () => {
  it('Easter dates', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    for (const year of [2026, 2027]) {
      const easter = dayNumber(easterSunday(year));
      expect(byName('Good Friday', year).map((item) => item.date)).toEqual([isoDateOf(easter - 2)]);
      expect(byName('Easter Monday', year).map((item) => [item.date, item.region])).toEqual([
        [isoDateOf(easter + 1), 'ES-CT'],
      ]);
    }
    expect(byName('Good Friday', 2026)[0]?.date).toBe('2026-04-03');
    expect(byName('Easter Monday', 2026)[0]?.date).toBe('2026-04-06');
    expect(byName('Good Friday', 2027)[0]?.date).toBe('2027-03-26');
    expect(byName('Easter Monday', 2027)[0]?.date).toBe('2027-03-29');
  });

  it('2026: the nine days common to all of Spain (BOE) and Catalonia’s twelve', () => {
    expect(holidayDates(['ES']).filter((date) => date.startsWith('2026'))).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-03',
      '2026-05-01',
      '2026-08-15',
      '2026-10-12',
      '2026-11-01',
      '2026-12-08',
      '2026-12-25',
    ]);
    // Generalitat 2026: 1/1, 6/1, 3/4, 6/4, 1/5, 24/6, 15/8, 11/9, 12/10, 8/12, 25/12, 26/12
    // (All Saints falls on a Sunday and is listed by the BOE only).
    const catalonia = holidayDates().filter((date) => date.startsWith('2026') && date !== '2026-11-01');
    expect(catalonia).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-06-24',
      '2026-08-15',
      '2026-09-11',
      '2026-10-12',
      '2026-12-08',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('fixed-date holidays sit on their day every year', () => {
    const fixed: Record<string, string> = {
      "New Year's Day": '01-01',
      Epiphany: '01-06',
      'Labour Day': '05-01',
      "Saint John's Day": '06-24',
      'Assumption of Mary': '08-15',
      'National Day of Catalonia': '09-11',
      'National Day of Spain': '10-12',
      "All Saints' Day": '11-01',
      'Constitution Day': '12-06',
      'Immaculate Conception': '12-08',
      'Christmas Day': '12-25',
      "Saint Stephen's Day": '12-26',
    };
    for (const item of SPAIN_CATALONIA_HOLIDAYS) {
      const monthDay = fixed[item.name_en];
      if (monthDay) expect(item.date.slice(5)).toBe(monthDay);
    }
  });

  it('is sorted, unique, in 2026–2027, fully named in en/es/ca', () => {
    const dates = SPAIN_CATALONIA_HOLIDAYS.map((item) => item.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    for (const item of SPAIN_CATALONIA_HOLIDAYS) {
      expect(() => dayNumber(item.date)).not.toThrow();
      expect(item.date >= '2026-01-01' && item.date <= '2027-12-31').toBe(true);
      expect(item.name_en && item.name_es && item.name_ca).toBeTruthy();
      expect(['ES', 'ES-CT']).toContain(item.region);
    }
  });

  it('weekday notes: Good Friday is a Friday, Easter Monday a Monday', () => {
    for (const item of SPAIN_CATALONIA_HOLIDAYS) {
      if (item.name_en === 'Good Friday') expect(weekdayOf(dayNumber(item.date))).toBe(5);
      if (item.name_en === 'Easter Monday') expect(weekdayOf(dayNumber(item.date))).toBe(1);
    }
  });
});
