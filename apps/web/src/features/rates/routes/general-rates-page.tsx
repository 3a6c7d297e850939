import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { userCan } from '../../../lib/permissions.ts';
import { GENERAL } from '../api/rates.ts';
import { RateList } from '../components/rate-list.tsx';
import { MissingRatesAlert } from '../components/missing-rates-alert.tsx';

/** `/general/rates` (VERBA_ADMIN): the default price of each language pair, with Excel import and export. */
export default function GeneralRatesPage() {
  const { t } = useTranslation('rates');
  const canManage = userCan(
    useAuthStore((state) => state.user),
    'rates:manage',
  );
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
    </div>
  );
}
