import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import { IconCurrencyEuro, IconInfoCircle } from '@tabler/icons-react';
import type { RateDto } from '@verba/contracts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useEffectiveRates } from '../api/get-effective-rates.ts';
import { RateInfoModal } from '../components/rate-info-modal.tsx';
import { RatesTable } from '../components/rates-table.tsx';

/**
 * `/rates` (CLIENT_ADMIN whose customer has show_rates on): what the customer pays per language
 * pair, read-only; the info button shows the price per word of each translation type.
 */
export default function CustomerRatesPage() {
  const { t } = useTranslation('rates');
  const customerId = useAuthStore((state) => state.user?.customer_id ?? 0);
  const [page, setPage] = useState(1);
  const rates = useEffectiveRates(customerId, page);
  const [info, setInfo] = useState<RateDto | null>(null);
  const pair = (rate: RateDto) => `${rate.source_language.name} → ${rate.target_language.name}`;

  return (
    <div data-testid="customer-rates-page">
      <PageHeader title={t('customerScreen.title')} description={t('customerScreen.description')} />
      <Stack gap="md">
        <RatesTable
          caption={t('customerScreen.title')}
          rows={rates.data?.data}
          loading={rates.isPending}
          page={page}
          lastPage={rates.data?.last_page}
          total={rates.data?.total}
          onPage={setPage}
          testId="customer-rates-table"
          extraColumns={[
            {
              key: 'info',
              header: t('columns.info'),
              align: 'right',
              render: (rate) => (
                <Tooltip label={t('info.open', { pair: pair(rate) })}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('info.open', { pair: pair(rate) })}
                    onClick={() => setInfo(rate)}
                    data-testid={`rate-info-${rate.id}`}
                  >
                    <IconInfoCircle size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ),
            },
          ]}
          empty={
            <EmptyState
              icon={<IconCurrencyEuro size={30} aria-hidden />}
              title={t('customerScreen.emptyTitle')}
              description={t('customerScreen.empty')}
              testId="customer-rates-empty"
            />
          }
        />
      </Stack>
      {info ? <RateInfoModal rate={info} onClose={() => setInfo(null)} /> : null}
    </div>
  );
}
