import { describe, expect, it } from 'vitest';
import { computeDueDate } from './due-date.ts';
import type { DueDateInput } from './due-date.ts';
import { issueField, issueMessage } from '../validation.ts';
import { priceTask } from './price-task.ts';
import type { PriceTaskInput } from './price-task.ts';
import { dueDateInputSchema, priceTaskInputSchema } from './schemas.ts';
import type { DueDateInputParsed, PriceTaskInputParsed } from './schemas.ts';
import { bands } from './test-helpers.ts';

// Compile-time: what the schemas output is what the engine takes.
const _priceInput = (parsed: PriceTaskInputParsed): PriceTaskInput => parsed;
const _dueInput = (parsed: DueDateInputParsed): DueDateInput => parsed;

const valid = {
  translation_type: { id: 2, percent: 130 },
  languages: [
    {
      target_language_id: 3,
      r1: 0.0835,
      r2: '30',
      word_count: { ...bands({ no_match: 10 }), total_words: 10 },
    },
  ],
  minimum: { hour: 1, amount: '25.5' },
  discount_percentage: 5,
  tax: { name: 'IVA', percentage: '21' },
  other_concepts: [{ concept: 'DTP', quantity: 2, price: -3.5 }],
};

function errors(result: { success: boolean; error?: { issues: Parameters<typeof issueMessage>[0][] } }) {
  return (result.error?.issues ?? []).map((issue) => [issueField(issue), issueMessage(issue).key]);
}

describe('priceTaskInputSchema', () => {
  it('normalises numbers and strings to canonical decimal strings', () => {
    const parsed = priceTaskInputSchema.parse(valid);
    expect(parsed.translation_type.percent).toBe('130.00');
    expect(parsed.languages[0]?.r1).toBe('0.0835');
    expect(parsed.languages[0]?.r2).toBe('30.00');
    expect(parsed.minimum).toEqual({ hour: '1.00', amount: '25.50' });
    expect(parsed.other_concepts?.[0]).toEqual({ concept: 'DTP', quantity: '2.00', price: '-3.50' });
    expect(priceTask(parsed).taxed_price).toBe(priceTask(valid).taxed_price);
  });

  it('reports every bad field with a validation key', () => {
    const result = priceTaskInputSchema.safeParse({
      ...valid,
      languages: [
        { target_language_id: 3, r1: '0.12345', r2: -1, word_count: { ...bands({ no_match: 1.5 }) } },
        {
          target_language_id: 4,
          r1: 'abc',
          r2: '1',
          word_count: { ...bands({ no_match: 5 }), total_words: 6 },
        },
      ],
      discount_percentage: 101,
      tax: { name: '', percentage: '21.001' },
      other_concepts: [{ concept: 'x', quantity: 0, price: '1000000' }],
    });
    expect(errors(result)).toEqual([
      ['languages.r1', 'validation.format'],
      ['languages.r2', 'validation.min'],
      ['languages.word_count.no_match', 'validation.number'],
      ['languages.r1', 'validation.number'],
      ['languages.word_count.total_words', 'validation.invalid'],
      ['discount_percentage', 'validation.max'],
      ['tax.name', 'validation.required'],
      ['tax.percentage', 'validation.step'],
      ['other_concepts.quantity', 'validation.min'],
      ['other_concepts.price', 'validation.max'],
    ]);
  });

  it('refuses no languages and a repeated target language', () => {
    expect(errors(priceTaskInputSchema.safeParse({ ...valid, languages: [] }))).toEqual([
      ['languages', 'validation.required'],
    ]);
    const twice = { ...valid, languages: [valid.languages[0], valid.languages[0]] };
    expect(errors(priceTaskInputSchema.safeParse(twice))).toEqual([['languages', 'validation.invalid']]);
  });

  it('allows a missing grid, minimum, discount, tax and concepts', () => {
    const parsed = priceTaskInputSchema.parse({
      translation_type: valid.translation_type,
      languages: valid.languages,
      tax: null,
    });
    expect(priceTask(parsed).tax_name).toBeNull();
  });
});

describe('dueDateInputSchema', () => {
  it('accepts ISO instants with an offset and Dates', () => {
    const parsed = dueDateInputSchema.parse({
      approved_at: '2026-06-01T10:00:00+02:00',
      translation_type_id: 1,
      payable_words: 1000.5,
      days_to_add: -3,
      holidays: ['2026-06-24'],
    });
    expect(parsed.payable_words).toBe('1000.5');
    expect(computeDueDate(parsed).date).toBe('2026-06-02');
    expect(dueDateInputSchema.safeParse({ ...parsed, approved_at: new Date() }).success).toBe(true);
  });

  it('refuses local times, bad dates and out-of-range days_to_add', () => {
    const result = dueDateInputSchema.safeParse({
      approved_at: '2026-06-01T10:00:00',
      translation_type_id: 1,
      payable_words: -1,
      days_to_add: 1000,
      holidays: ['2026-02-30'],
    });
    expect(errors(result)).toEqual([
      ['approved_at', 'validation.format'],
      ['payable_words', 'validation.min'],
      ['days_to_add', 'validation.max'],
      ['holidays', 'validation.format'],
    ]);
  });
});
