import type { ReactNode } from 'react';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import 'dayjs/locale/ca';
import { useTranslation } from 'react-i18next';
import { useUiLocale } from './use-locale.ts';

interface LocalizedDateInputProps {
  label: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  testId?: string;
  /** A required form field (not a filter): shows the asterisk and offers no clear button. */
  required?: boolean;
  /** The month the calendar opens at while no date is chosen, `YYYY-MM-DD`. */
  defaultDate?: string;
}

/**
 * A date filter, or a date field of a form, in the reader's format (MM/DD/YYYY in en, DD/MM/YYYY in es and ca, as every date
 * the portal shows) with a calendar in their language, instead of the browser's own date field.
 */
export function LocalizedDateInput({
  label,
  value,
  onChange,
  error,
  testId,
  required = false,
  defaultDate,
}: LocalizedDateInputProps) {
  const { t } = useTranslation();
  const locale = useUiLocale();
  return (
    <DatePickerInput
      label={label}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      locale={locale}
      valueFormat={locale === 'en' ? 'MM/DD/YYYY' : 'DD/MM/YYYY'}
      placeholder={locale === 'en' ? 'mm/dd/yyyy' : t('dates.placeholder')}
      clearable={!required}
      withAsterisk={required}
      defaultDate={defaultDate}
      clearButtonProps={{ 'aria-label': t('dates.clear') }}
      error={error}
      data-testid={testId}
      popoverProps={{ withinPortal: true }}
      // Mantine's placeholder grey is below 4.5:1 on white (axe colour-contrast), as its "dimmed" is.
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
    />
  );
}
