import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Switch, Text } from '@mantine/core';
import type { RateDto } from '@verba/contracts';
import { SectionCard } from '../../../components/section-card.tsx';
import { useEnabledRates } from '../api/get-enabled-rates.ts';
import { useMinimumRates } from '../api/get-minimum-rates.ts';
import { useRates } from '../api/get-rates.ts';
import { GENERAL, type RateOwner } from '../api/rate-owner.ts';
import { useToggleRate } from '../api/toggle-rate.ts';
import { MinimumRatesSection } from './minimum-rates-form.tsx';
import { PayableGridEditor } from './payable-grid-form.tsx';
import { RateList } from './rate-list.tsx';
import { RatesTable } from './rates-table.tsx';
import { MissingRatesAlert } from './missing-rates-alert.tsx';

interface CustomerRateSectionsProps {
  customerId: number;
  /** VERBA_ADMIN changes rates; VERBA_PM reads them (and never sees the minimum rates). */
  canManage: boolean;
}

/** The general rates, each with whether it is enabled for the customer (a switch for VERBA_ADMIN). */
function CustomerGeneralRates({ customerId, canManage }: CustomerRateSectionsProps) {
  const { t } = useTranslation('rates');
  const [page, setPage] = useState(1);
  const general = useRates(GENERAL, page);
  const enabled = useEnabledRates(customerId);
  const toggle = useToggleRate(customerId);
  const enabledIds = new Set((enabled.data ?? []).map((rate) => rate.id));
  const pair = (rate: RateDto) => `${rate.source_language.name} → ${rate.target_language.name}`;

  return (
    <RatesTable
      caption={t('customer.general')}
      rows={general.data?.data}
      loading={general.isPending || enabled.isPending}
      page={page}
      lastPage={general.data?.last_page}
      total={general.data?.total}
      onPage={setPage}
      testId="customer-general-rates-table"
      empty={
        <Text size="sm" c="gray.7">
          {t('general.empty')}
        </Text>
      }
      leadingColumns={[
        {
          key: 'enabled',
          header: t('columns.enabledForCustomer'),
          render: (rate) =>
            canManage ? (
              <Switch
                aria-label={t('actions.enableFor', { pair: pair(rate) })}
                checked={enabledIds.has(rate.id)}
                disabled={toggle.isPending && toggle.variables?.rateId === rate.id}
                onChange={(event) => toggle.mutate({ rateId: rate.id, enable: event.currentTarget.checked })}
                data-testid={`enable-rate-${rate.id}`}
              />
            ) : (
              <Badge
                variant="dot"
                c="dark.7"
                color={enabledIds.has(rate.id) ? 'green' : 'gray'}
                // The whole word, never "HABI…": the badge keeps its width on a phone and the pair wraps instead.
                styles={{ label: { overflow: 'visible' } }}
                data-testid={`rate-enabled-${rate.id}`}
              >
                {enabledIds.has(rate.id) ? t('status.enabled') : t('status.disabled')}
              </Badge>
            ),
        },
      ]}
    />
  );
}

/** The customer page's rate sections, stacked at full width: minimum, general and custom rates, payable grid. */
export function CustomerRateSections({ customerId, canManage }: CustomerRateSectionsProps) {
  const { t } = useTranslation('rates');
  const minimum = useMinimumRates(customerId, canManage);
  const owner: RateOwner = { kind: 'customer', customerId };
  return (
    <>
      <MissingRatesAlert customerId={customerId} />
      {canManage ? (
        <SectionCard
          title={t('customer.minimum')}
          description={t('customer.minimumHelp')}
          testId="customer-rates-minimum"
        >
          <MinimumRatesSection customerId={customerId} data={minimum.data} loading={minimum.isPending} />
        </SectionCard>
      ) : null}
      <SectionCard
        title={t('customer.general')}
        description={canManage ? t('customer.generalHelp') : t('customer.generalHelpReadOnly')}
        testId="customer-rates-general"
      >
        <CustomerGeneralRates customerId={customerId} canManage={canManage} />
      </SectionCard>
      <SectionCard
        title={t('customer.custom')}
        description={t('customer.customHelp')}
        testId="customer-rates-custom"
      >
        <RateList
          owner={owner}
          caption={t('customer.custom')}
          canManage={canManage}
          canExport
          emptyText={t('customer.customEmpty')}
          testId="customer-custom-rates-table"
        />
      </SectionCard>
      <SectionCard
        title={t('grid.title')}
        description={t('grid.customerIntro')}
        testId="customer-payable-grid"
      >
        <PayableGridEditor customerId={customerId} canManage={canManage} />
      </SectionCard>
    </>
  );
}
