import type { HolidayDto, HolidayInput } from '@verba/contracts';
import { invalid, notFound } from '../../../lib/app-error.ts';
import { outcome, type Deps, type Outcome } from '../../../lib/service.ts';
import * as repo from '../repository/holidays.ts';

/** Holidays: days that are not business days for due dates. */

export async function listHolidays(
  deps: Deps,
  filter: { year?: number | undefined; region?: string | undefined },
): Promise<HolidayDto[]> {
  return repo.listHolidays(deps.db, filter);
}

export async function addHoliday(deps: Deps, input: HolidayInput): Promise<Outcome<HolidayDto>> {
  const { lang: _lang, ...values } = input;
  if (!(await repo.insertHoliday(deps.db, values)))
    throw invalid({ date: ['validation.rates.holiday_taken'] });
  return outcome(values, {
    key: 'holidays.added',
    params: { date: values.date, region: values.region, name: values.name_en },
    customerId: null,
  });
}

export async function removeHoliday(deps: Deps, date: string, region: string) {
  const row = await repo.deleteHoliday(deps.db, date, region.toUpperCase());
  if (!row) throw notFound();
  return outcome(
    { deleted: true as const },
    {
      key: 'holidays.deleted',
      params: { date: row.date, region: row.region, name: row.name_en },
      customerId: null,
    },
  );
}
