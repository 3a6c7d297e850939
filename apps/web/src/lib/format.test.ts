import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatEuros,
  formatFileSize,
  formatNumber,
} from './format.ts';
import { activeMenuKey, canOpenRoute } from './permissions.ts';
import type { UserDto } from '@verba/contracts';

describe('formatting', () => {
  const date = new Date(2026, 10, 3, 12, 0);
  it('writes en dates month/day/year and es, ca day/month/year', () => {
    expect(formatDate(date, 'en')).toBe('11/03/2026');
    expect(formatDate(date, 'es')).toBe('03/11/2026');
    expect(formatDate(date, 'ca')).toBe('03/11/2026');
  });

  it('formats euros per locale from decimal strings', () => {
    expect(formatEuros('1234.5', 'en')).toBe('€1,234.50');
    expect(formatEuros('1234.5', 'es').replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(formatEuros('0.00', 'ca').replace(/\s/g, ' ')).toBe('0,00 €');
  });

  it('adds hours and minutes to the date for date-times', () => {
    const late = new Date(2026, 0, 9, 7, 5);
    expect(formatDateTime(late, 'en')).toBe('01/09/2026 07:05');
    expect(formatDateTime(late.getTime(), 'es')).toBe('09/01/2026 07:05');
    expect(formatDateTime(late.toISOString(), 'ca')).toBe('09/01/2026 07:05');
  });

  it('localises file sizes and decimals: "74,9 kB" in es and ca', () => {
    expect(formatFileSize(74_890, 'en')).toBe('74.9 kB');
    expect(formatFileSize(74_890, 'es')).toBe('74,9 kB');
    expect(formatFileSize(74_890, 'ca')).toBe('74,9 kB');
    expect(formatFileSize(512, 'es')).toBe('512 B');
    expect(formatFileSize(3_200_000, 'ca')).toBe('3,2 MB');
    expect(formatDecimal('1234.5', 'en', 1)).toBe('1,234.5');
    expect(formatDecimal('2.1', 'es', 1)).toBe('2,1');
    expect(formatDecimal(120, 'es', 1)).toBe('120,0');
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDateTime('not a date', 'es')).toBe('');
  });

  it('keeps the fraction digits asked for (per-word prices use four) and groups thousands in every locale', () => {
    expect(formatEuros('0.0825', 'en', 4)).toBe('€0.0825');
    expect(formatEuros(0.0825, 'es', 4).replace(/\s/g, ' ')).toBe('0,0825 €');
    expect(formatEuros('1234', 'ca').replace(/\s/g, ' ')).toBe('1.234,00 €');
    expect(formatEuros('abc', 'en')).toBe('');
  });

  it('groups plain numbers for the locale and shows a dash for none', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber('12345', 'es')).toBe('12.345');
    expect(formatNumber(1234, 'ca')).toBe('1.234');
    expect(formatNumber('12.5', 'es')).toBe('12,5');
    expect(formatNumber(null, 'en')).toBe('—');
    expect(formatNumber(undefined, 'en')).toBe('—');
    expect(formatNumber('', 'en')).toBe('—');
  });
});

describe('menu highlight and route access', () => {
  it('highlights by path prefix, tasks by default', () => {
    expect(activeMenuKey('/general/rates')).toBe('general/rates');
    expect(activeMenuKey('/rates')).toBe('rates');
    expect(activeMenuKey('/integrations')).toBe('integrations');
    expect(activeMenuKey('/users/4/edit')).toBe('users');
    expect(activeMenuKey('/customers/2/edit')).toBe('customers');
    expect(activeMenuKey('/404')).toBe('tasks');
    expect(activeMenuKey('/')).toBe('tasks');
  });

  const user = (type: UserDto['type'], showRates = false): UserDto => ({
    id: 1,
    name: 'A',
    lastname: 'B',
    email: 'a@b.c',
    phone: null,
    type,
    language: 'en',
    is_active: true,
    customer_id: type.startsWith('CLIENT') ? 1 : null,
    customer: type.startsWith('CLIENT')
      ? {
          id: 1,
          name: 'Acme',
          customer_number: null,
          address: null,
          address_2: null,
          town: null,
          province: null,
          postal_code: null,
          tin: null,
          country: null,
          success_representative: null,
          success_representative_email: null,
          payment_scheme: 'ON_DEMAND',
          show_rates: showRates,
        }
      : null,
    departments: [],
  });

  it('follows the route tables, and /rates needs show_rates', () => {
    expect(canOpenRoute(user('CLIENT_ADMIN', true), '/rates')).toBe(true);
    expect(canOpenRoute(user('CLIENT_ADMIN', false), '/rates')).toBe(false);
    expect(canOpenRoute(user('CLIENT_USER'), '/users')).toBe(false);
    expect(canOpenRoute(user('VERBA_PM'), '/customers/:id/edit')).toBe(true);
    expect(canOpenRoute(user('VERBA_PM'), '/customers/create')).toBe(false);
    expect(canOpenRoute(user('VERBA_ADMIN'), '/company')).toBe(false);
  });
});
