import { describe, expect, it } from 'vitest';
import { compact } from './figures.ts';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('dashboard axis ticks', () => {
  it('write amounts with the euro sign where the language puts it', () => {
    expect(compact('en', 'euros')(12500)).toBe('€12.5k');
    expect(plain(compact('es', 'euros')(12500))).toBe('12,5 mil €');
    expect(plain(compact('ca', 'euros')(300))).toBe('300 €');
  });

  it('write counts without a currency', () => {
    expect(compact('en')(12500)).toBe('12.5k');
    expect(compact('es', 'count')(40)).toBe('40');
  });
});
