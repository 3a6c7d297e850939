import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { i18next, initI18n } from '../lib/i18n.ts';
import { DateText, DateTimeText, Money, NumberText } from './money.tsx';

describe('money and date display', () => {
  beforeAll(() => void initI18n('en'));
  afterEach(async () => void (await i18next.changeLanguage('en')));

  const when = new Date(2026, 10, 3, 9, 30);

  it('follows the interface language', async () => {
    const { rerender } = render(
      <p data-testid="shown">
        <Money amount="1234.5" /> <DateText value={when} /> <DateTimeText value={when} />
      </p>,
    );
    expect(screen.getByTestId('shown').textContent).toBe('€1,234.50 11/03/2026 11/03/2026 09:30');

    await act(async () => void (await i18next.changeLanguage('es')));
    rerender(
      <p data-testid="shown">
        <Money amount="0.0825" fractionDigits={4} /> <DateText value={when} />
      </p>,
    );
    expect(screen.getByTestId('shown').textContent?.replace(/\s/g, ' ')).toBe('0,0825 € 03/11/2026');
  });

  it('groups the thousands of a word count: 12,841 in en, 12.841 in es and ca', async () => {
    const { rerender } = render(
      <p data-testid="count">
        <NumberText value={12841} />
      </p>,
    );
    expect(screen.getByTestId('count').textContent).toBe('12,841');
    await act(async () => void (await i18next.changeLanguage('ca')));
    rerender(
      <p data-testid="count">
        <NumberText value={12841} />
      </p>,
    );
    expect(screen.getByTestId('count').textContent).toBe('12.841');
  });

  it('marks dates up as <time> with the ISO value', () => {
    render(<DateText value={when} />);
    expect(screen.getByText('11/03/2026').closest('time')?.getAttribute('dateTime')).toBe(when.toISOString());
  });
});
