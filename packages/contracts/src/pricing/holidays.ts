/**
 * Seed data: public holidays of Spain (region "ES", common to the whole country) and the extra
 * regional holidays of Catalonia (region "ES-CT"), 2026 and 2027. A Catalan office's
 * non-business days are ES ∪ ES-CT; local (municipal) holidays are not included.
 *
 * 2026: BOE resolution of the Dirección General de Trabajo (BOE 28-10-2025), nine days common to
 * all of Spain, and the Generalitat's 2026 calendar (12 days in Catalonia).
 * 2027: derived from the same rules (Easter 28 March 2027); confirm against the BOE / DOGC
 * calendars for 2027 when published. Holidays that fall on a weekend are listed anyway: they do
 * not change business-day arithmetic and keep the list faithful to the official calendars.
 */

export type HolidayRegion = 'ES' | 'ES-CT';

export interface Holiday {
  readonly date: string;
  readonly name_en: string;
  readonly name_es: string;
  readonly name_ca: string;
  readonly region: HolidayRegion;
}

type Names = Pick<Holiday, 'name_en' | 'name_es' | 'name_ca'>;
const NAMES = {
  newYear: { name_en: "New Year's Day", name_es: 'Año Nuevo', name_ca: "Cap d'Any" },
  epiphany: { name_en: 'Epiphany', name_es: 'Epifanía del Señor', name_ca: 'Reis' },
  goodFriday: { name_en: 'Good Friday', name_es: 'Viernes Santo', name_ca: 'Divendres Sant' },
  easterMonday: {
    name_en: 'Easter Monday',
    name_es: 'Lunes de Pascua',
    name_ca: 'Dilluns de Pasqua Florida',
  },
  labour: { name_en: 'Labour Day', name_es: 'Fiesta del Trabajo', name_ca: 'Festa del Treball' },
  stJohn: { name_en: "Saint John's Day", name_es: 'San Juan', name_ca: 'Sant Joan' },
  assumption: { name_en: 'Assumption of Mary', name_es: 'Asunción de la Virgen', name_ca: "L'Assumpció" },
  diada: {
    name_en: 'National Day of Catalonia',
    name_es: 'Diada Nacional de Cataluña',
    name_ca: 'Diada Nacional de Catalunya',
  },
  spain: {
    name_en: 'National Day of Spain',
    name_es: 'Fiesta Nacional de España',
    name_ca: "Festa Nacional d'Espanya",
  },
  allSaints: { name_en: "All Saints' Day", name_es: 'Todos los Santos', name_ca: 'Tots Sants' },
  constitution: {
    name_en: 'Constitution Day',
    name_es: 'Día de la Constitución Española',
    name_ca: 'Dia de la Constitució',
  },
  immaculate: {
    name_en: 'Immaculate Conception',
    name_es: 'Inmaculada Concepción',
    name_ca: 'La Immaculada',
  },
  christmas: { name_en: 'Christmas Day', name_es: 'Natividad del Señor', name_ca: 'Nadal' },
  stStephen: { name_en: "Saint Stephen's Day", name_es: 'San Esteban', name_ca: 'Sant Esteve' },
} as const satisfies Record<string, Names>;

const holiday = (date: string, names: Names, region: HolidayRegion): Holiday => ({ date, ...names, region });

/** National (ES) and Catalan (ES-CT) holidays for 2026 and 2027, sorted by date. */
export const SPAIN_CATALONIA_HOLIDAYS: readonly Holiday[] = [
  // 2026 — Easter Sunday 5 April
  holiday('2026-01-01', NAMES.newYear, 'ES'), // Thursday
  holiday('2026-01-06', NAMES.epiphany, 'ES'), // Tuesday
  holiday('2026-04-03', NAMES.goodFriday, 'ES'), // Friday
  holiday('2026-04-06', NAMES.easterMonday, 'ES-CT'), // Monday
  holiday('2026-05-01', NAMES.labour, 'ES'), // Friday
  holiday('2026-06-24', NAMES.stJohn, 'ES-CT'), // Wednesday
  holiday('2026-08-15', NAMES.assumption, 'ES'), // Saturday
  holiday('2026-09-11', NAMES.diada, 'ES-CT'), // Friday
  holiday('2026-10-12', NAMES.spain, 'ES'), // Monday
  holiday('2026-11-01', NAMES.allSaints, 'ES'), // Sunday
  holiday('2026-12-08', NAMES.immaculate, 'ES'), // Tuesday
  holiday('2026-12-25', NAMES.christmas, 'ES'), // Friday
  holiday('2026-12-26', NAMES.stStephen, 'ES-CT'), // Saturday
  // 2027 — Easter Sunday 28 March
  holiday('2027-01-01', NAMES.newYear, 'ES'), // Friday
  holiday('2027-01-06', NAMES.epiphany, 'ES'), // Wednesday
  holiday('2027-03-26', NAMES.goodFriday, 'ES'), // Friday
  holiday('2027-03-29', NAMES.easterMonday, 'ES-CT'), // Monday
  holiday('2027-05-01', NAMES.labour, 'ES'), // Saturday
  holiday('2027-06-24', NAMES.stJohn, 'ES-CT'), // Thursday
  holiday('2027-08-15', NAMES.assumption, 'ES'), // Sunday
  holiday('2027-09-11', NAMES.diada, 'ES-CT'), // Saturday
  holiday('2027-10-12', NAMES.spain, 'ES'), // Tuesday
  holiday('2027-11-01', NAMES.allSaints, 'ES'), // Monday
  holiday('2027-12-06', NAMES.constitution, 'ES'), // Monday
  holiday('2027-12-08', NAMES.immaculate, 'ES'), // Wednesday
  holiday('2027-12-25', NAMES.christmas, 'ES'), // Saturday
  holiday('2027-12-26', NAMES.stStephen, 'ES-CT'), // Sunday
];

/** The dates of the holidays of the given regions (default: a Catalan office, ES and ES-CT). */
export function holidayDates(
  regions: readonly HolidayRegion[] = ['ES', 'ES-CT'],
  holidays: readonly Holiday[] = SPAIN_CATALONIA_HOLIDAYS,
): string[] {
  return holidays.filter((item) => regions.includes(item.region)).map((item) => item.date);
}
