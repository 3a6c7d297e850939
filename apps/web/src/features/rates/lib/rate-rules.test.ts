import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldErrors } from '../../../components/form-errors.ts';
import { initI18n } from '../../../lib/i18n.ts';
import {
  checkMinimumRates,
  checkRateForm,
  importReportLines,
  namesRows,
  pricesPerType,
} from './rate-rules.ts';

beforeAll(() => void initI18n('en'));

/** Each field's message as the screen shows it, in English. */
const shown = (errors: FieldErrors | undefined) =>
  errors &&
  Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      renderToStaticMarkup(createElement(Fragment, null, message)),
    ]),
  );

const TYPES = [
  { id: 1, percent: '100.00', name_en: 'Human', name_es: 'Humana', name_ca: 'Humana' },
  { id: 2, percent: '130.00', name_en: 'Premium', name_es: 'Premium', name_ca: 'Prèmium' },
  { id: 3, percent: '70.00', name_en: 'Value', name_es: 'Valor', name_ca: 'Valor' },
  { id: 4, percent: '40.00', name_en: 'Flash', name_es: 'Flash', name_ca: 'Flash' },
];

describe('checkRateForm', () => {
  it('asks for both languages and for r1 and r2, each with its own message', () => {
    const result = checkRateForm({ source_lang: null, target_lang: null, r1: '', r2: '' });
    expect(shown(result.errors)).toEqual({
      source_lang: 'Both languages are required.',
      target_lang: 'Both languages are required.',
      r1: 'The price per word (r1) is required.',
      r2: 'The price per hour (r2) is required.',
    });
  });

  it('refuses the same language twice, a negative r1 and too many decimals in r2', () => {
    const result = checkRateForm({ source_lang: '3', target_lang: '3', r1: -0.5, r2: '12.345' });
    expect(shown(result.errors)).toEqual({
      target_lang: 'The languages must be different.',
      r1: 'The price per word (r1) must be zero or more.',
      r2: 'The price per hour (r2) can have at most 2 decimals.',
    });
  });

  it('gives the body to send with canonical decimals', () => {
    const result = checkRateForm({ source_lang: '3', target_lang: '7', r1: 0.08, r2: 30 });
    expect(result.errors).toBeUndefined();
    expect(result.body).toEqual({ source_lang: 3, target_lang: 7, r1: '0.0800', r2: '30.00' });
  });
});

describe('pricesPerType', () => {
  it('is r1 × percent / 100 with 4 decimals, in reverse order, named in the UI language', () => {
    expect(pricesPerType('0.0825', TYPES, 'ca')).toEqual([
      { id: 4, name: 'Flash', percent: '40.00', price: '0.0330' },
      { id: 3, name: 'Valor', percent: '70.00', price: '0.0578' },
      { id: 2, name: 'Prèmium', percent: '130.00', price: '0.1073' },
      { id: 1, name: 'Humana', percent: '100.00', price: '0.0825' },
    ]);
  });

  it('never goes through binary floats (0.1 × 70 % is exactly 0.0700)', () => {
    expect(pricesPerType('0.1000', TYPES, 'en').find((p) => p.id === 3)?.price).toBe('0.0700');
  });
});

describe('import report', () => {
  const rowLabel = (row: number) => `Row ${row}`;

  it('names each bad row in order with all its messages', () => {
    const errors = {
      'row 10': ['Unknown language: xx'],
      'row 3': ['The languages must be different.', 'The price per word (r1) must be zero or more.'],
    };
    expect(namesRows(errors)).toBe(true);
    expect(importReportLines(errors, rowLabel)).toEqual([
      'Row 3: The languages must be different. The price per word (r1) must be zero or more.',
      'Row 10: Unknown language: xx',
    ]);
  });

  it('tells a file-level refusal from a row report', () => {
    const errors = { file: ['The file must be an Excel workbook (.xlsx).'] };
    expect(namesRows(errors)).toBe(false);
    expect(importReportLines(errors, rowLabel)).toEqual(['The file must be an Excel workbook (.xlsx).']);
  });
});

describe('checkMinimumRates', () => {
  it('keys each message by its row and field as the API does', () => {
    const result = checkMinimumRates(true, [
      { translation_type_id: 1, hour: '', amount: 1000000 },
      { translation_type_id: 2, hour: 1.234, amount: -1 },
    ]);
    expect(shown(result.errors)).toEqual({
      'minimum_rates.0.hour': 'This field is required.',
      'minimum_rates.0.amount': 'Must be at most 999999.99.',
      'minimum_rates.1.hour': 'Use at most two decimals.',
      'minimum_rates.1.amount': 'Must be zero or more.',
    });
  });

  it('always sends 0 hours for flash, whatever the field held', () => {
    const result = checkMinimumRates(false, [
      { translation_type_id: 4, hour: 3, amount: '25' },
      { translation_type_id: 1, hour: 1.5, amount: 50 },
    ]);
    expect(result.body).toEqual({
      customer_minimum_rates: false,
      minimum_rates: [
        { translation_type_id: 4, hour: '0.00', amount: '25.00' },
        { translation_type_id: 1, hour: '1.50', amount: '50.00' },
      ],
    });
  });
});
