import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { i18next, initI18n } from '../lib/i18n.ts';
import { LocalizedNumberInput } from './localized-number-input.tsx';

let last: number | string | undefined;

function Field({
  initial,
  grouped,
  euros,
  fixed,
}: {
  initial: number | string;
  grouped?: boolean;
  euros?: boolean;
  fixed?: boolean;
}) {
  const [value, setValue] = useState<number | string>(initial);
  return (
    <MantineProvider>
      <LocalizedNumberInput
        label="Amount"
        value={value}
        grouped={grouped}
        euros={euros}
        fixedDecimalScale={fixed}
        decimalScale={2}
        onChange={(next) => {
          last = next;
          setValue(next);
        }}
      />
    </MantineProvider>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>('Amount');

describe('localised number input (es and ca showed 1.00)', () => {
  beforeAll(() => void initI18n('en'));
  afterEach(async () => {
    last = undefined;
    await act(async () => void (await i18next.changeLanguage('en')));
  });

  it('shows a decimal comma in es and hands the form a plain number', async () => {
    await act(async () => void (await i18next.changeLanguage('es')));
    render(<Field initial={1.5} />);
    expect(input().value).toBe('1,5');

    fireEvent.change(input(), { target: { value: '2,75' } });
    expect(last).toBe(2.75);
    expect(input().value).toBe('2,75');
  });

  it('reads the API strings ("1.50") as numbers and groups thousands with a dot in es', async () => {
    await act(async () => void (await i18next.changeLanguage('es')));
    render(<Field initial="1.50" />);
    expect(input().value).toBe('1,50');

    fireEvent.change(input(), { target: { value: '1234,5' } });
    expect(last).toBe(1234.5);
    expect(input().value).toBe('1.234,5');
  });

  it('keeps the decimal point and the thousands comma in en', () => {
    render(<Field initial={1234.5} />);
    expect(input().value).toBe('1,234.5');
  });

  it('leaves years and ids ungrouped', async () => {
    await act(async () => void (await i18next.changeLanguage('ca')));
    render(<Field initial={2026} grouped={false} />);
    expect(input().value).toBe('2026');
  });

  it('shows an amount from the API ("2347.56") in the Catalan format, not as the API wrote it', async () => {
    await act(async () => void (await i18next.changeLanguage('ca')));
    render(<Field initial="2347.56" euros fixed />);
    expect(input().value).toBe('2.347,56 €');
  });

  it('puts the euro sign where the text puts it: before the number in en, after it in es', async () => {
    const first = render(<Field initial="30" euros fixed />);
    expect(input().value).toBe('€30.00');
    first.unmount();
    await act(async () => void (await i18next.changeLanguage('es')));
    render(<Field initial="30" euros fixed />);
    expect(input().value).toBe('30,00 €');
    fireEvent.change(input(), { target: { value: '1234,5 €' } });
    // With two fixed decimals Mantine hands a numeric string; what the form sends is the same amount.
    expect(Number(last)).toBe(1234.5);
  });
});
