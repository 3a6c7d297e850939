import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { Locale } from '@verba/contracts';
import { useUiLocale } from './use-locale.ts';

/** The decimal and thousands separators the portal shows numbers with in each language (as `Money` does). */
const NUMBER_SEPARATORS: Record<Locale, { decimal: string; thousands: string }> = {
  en: { decimal: '.', thousands: ',' },
  es: { decimal: ',', thousands: '.' },
  ca: { decimal: ',', thousands: '.' },
};

/** Where the euro sign goes, as `Money` writes it: "€30.00" in en, "30,00 €" in es and ca. */
const EURO_SIGN: Record<Locale, { prefix?: string; suffix?: string }> = {
  en: { prefix: '€' },
  es: { suffix: ' €' },
  ca: { suffix: ' €' },
};

export type LocalizedNumberInputProps = Omit<
  NumberInputProps,
  'decimalSeparator' | 'thousandSeparator' | 'allowedDecimalSeparators' | 'prefix' | 'suffix'
> & {
  /** Group the thousands (1.234,5 in es). Off for years and ids, which are not amounts. */
  grouped?: boolean;
  /** An amount in euros: the sign on the side the language writes it ("€30.00", "30,00 €"). */
  euros?: boolean;
  /** A unit after the number that does not move with the language (" %"). */
  suffix?: string;
};

/**
 * Mantine's NumberInput in the reader's number format: a decimal comma (and '.' between thousands) in es and ca, a
 * decimal point (and ',') in en. Only the display changes: `value` and `onChange` keep Mantine's contract (a number,
 * or a string with '.' as its decimal separator while the number is incomplete, or ''), so what a form sends to the
 * API is the same in every language. A '.' or ',' typed on its own is taken as the decimal separator in every
 * language, so the numeric keypad's '.' still writes a decimal in es and ca.
 */
export function LocalizedNumberInput({
  grouped = true,
  euros = false,
  suffix,
  ...props
}: LocalizedNumberInputProps) {
  const locale = useUiLocale();
  const separators = NUMBER_SEPARATORS[locale];
  const sign = euros ? EURO_SIGN[locale] : { suffix };
  return (
    <NumberInput
      {...props}
      prefix={sign.prefix}
      suffix={sign.suffix}
      decimalSeparator={separators.decimal}
      thousandSeparator={grouped ? separators.thousands : undefined}
      allowedDecimalSeparators={['.', ',']}
    />
  );
}
