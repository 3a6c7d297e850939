import { dayNumber } from './calendar.ts';

/**
 * Europe/Madrid wall-clock helpers built on `Intl.DateTimeFormat` (the runtime's tz database,
 * available in Node and every browser): correct across DST changes without bundling tz data.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Madrid';

let formatter: Intl.DateTimeFormat | undefined;
function madridFormatter(): Intl.DateTimeFormat {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(ms: number): WallClock {
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of madridFormatter().formatToParts(ms)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? NaN,
    month: fields.month ?? NaN,
    day: fields.day ?? NaN,
    hour: (fields.hour ?? NaN) % 24,
    minute: fields.minute ?? NaN,
    second: fields.second ?? NaN,
  };
}

/** Offset of Madrid from UTC at an instant, in ms (3_600_000 in winter, 7_200_000 in summer). */
export function madridOffsetMs(instant: Date): number {
  const ms = instant.getTime();
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  const wall = wallClock(wholeSecond);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - wholeSecond;
}

/** The Madrid calendar date ("YYYY-MM-DD") of an instant. */
export function madridDateOf(instant: Date): string {
  const wall = wallClock(instant.getTime());
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/**
 * The instant of 23:59:59.999 in Madrid on `isoDate`. The offset is looked up at the answer
 * itself (two passes), so the last Sunday of March (+02:00) and of October (+01:00) are right.
 */
export function madridEndOfDay(isoDate: string): Date {
  const wallAsUtc = (dayNumber(isoDate) + 1) * 86_400_000 - 1;
  let instant = wallAsUtc - madridOffsetMs(new Date(wallAsUtc));
  const corrected = wallAsUtc - madridOffsetMs(new Date(instant));
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}
