import { useTranslation } from 'react-i18next';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffectiveRates } from '../api/get-effective-rates.ts';
import { useRates } from '../api/get-rates.ts';
import { GENERAL } from '../api/rate-owner.ts';

/**
 * Tells staff that quotes cannot be priced: a customer with no rate at all (neither its own nor an
 * enabled general one), or no general rate anywhere. Shown only once the list has loaded empty.
 */
export function MissingRatesAlert({ customerId }: { customerId?: number }) {
  const { t } = useTranslation('rates');
  const effective = useEffectiveRates(customerId ?? 0, 1);
  const general = useRates(GENERAL, 1);
  const missing = customerId ? effective.data?.total === 0 : general.data?.total === 0;
  if (!missing) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('missing.title')}
      data-testid="rates-missing"
      c="dark.7"
    >
      {customerId ? t('missing.customer') : t('missing.general')}
    </Alert>
  );
}
