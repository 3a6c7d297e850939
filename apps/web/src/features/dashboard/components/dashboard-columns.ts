import type { Locale } from '@verba/contracts';
import { formatEuros, formatNumber } from '../../../lib/format.ts';
import type { DataColumn } from './chart-card.tsx';

/** The keys of `T` whose values are of type `V`. */
type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;

/**
 * The columns the dashboard tables repeat, typed for one kind of row: a count shown with
 * grouping (plain in the CSV), an amount in euros (plain in the CSV), or any text.
 */
export function columnsFor<T>(locale: Locale) {
  return {
    text: (
      key: string,
      header: string,
      render: (row: T) => string,
      raw?: (row: T) => string,
    ): DataColumn<T> => ({
      key,
      header,
      render,
      raw,
    }),
    count: (key: KeysOf<T, number>, header: string): DataColumn<T> => ({
      key,
      header,
      render: (row) => formatNumber(Number(row[key]), locale),
      raw: (row) => Number(row[key]),
      numeric: true,
    }),
    euros: (key: KeysOf<T, string>, header: string): DataColumn<T> => ({
      key,
      header,
      render: (row) => formatEuros(String(row[key]), locale),
      raw: (row) => String(row[key]),
      numeric: true,
    }),
  };
}
