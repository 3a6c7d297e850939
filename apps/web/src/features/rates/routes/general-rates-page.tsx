import { useTranslation } from 'react-i18next';
import { Box } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { userCan } from '../../../lib/permissions.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { useGeneralMinimumRates } from '../api/get-general-minimum-rates.ts';
import { GENERAL } from '../api/rate-owner.ts';
import { MinimumRatesSection } from '../components/minimum-rates-form.tsx';
import { RateList } from '../components/rate-list.tsx';
import { MissingRatesAlert } from '../components/missing-rates-alert.tsx';

/**
 * `/general/rates` (VERBA_ADMIN): the default price of each language pair, with Excel import and
 * export, and the general minimum charges that price the guests' quotes (tasks without a customer).
 */
export default function GeneralRatesPage() {
  const { t } = useTranslation('rates');
  const canManage = userCan(
    useAuthStore((state) => state.user),
    'rates:manage',
  );
  const minimum = useGeneralMinimumRates(canManage);
  return (
    <div data-testid="general-rates-page">
      <PageHeader title={t('general.title')} description={t('general.description')} />
      <MissingRatesAlert />
      <RateList
        owner={GENERAL}
        caption={t('general.title')}
        canManage={canManage}
        canExport={canManage}
        emptyText={t('general.empty')}
        testId="general-rates-table"
      />
      {canManage ? (
        <Box mt="xl">
          <SectionCard
            title={t('general.minimum')}
            description={t('general.minimumHelp')}
            testId="general-rates-minimum"
          >
            <MinimumRatesSection customerId={null} data={minimum.data} loading={minimum.isPending} />
          </SectionCard>
        </Box>
      ) : null}
    </div>
  );
}
