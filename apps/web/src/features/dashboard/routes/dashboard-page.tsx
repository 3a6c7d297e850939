import { useTranslation } from 'react-i18next';
import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import '@mantine/charts/styles.css';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { userCan } from '../../../lib/permissions.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useClientDashboard } from '../api/get-client-dashboard.ts';
import { useStaffDashboard } from '../api/get-staff-dashboard.ts';
import { StaffDashboard } from '../components/staff-dashboard.tsx';
import { ClientDashboard } from '../components/client-dashboard.tsx';

/** /dashboard: the staff's view of all work, or a client admin's view of its own company's. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const locale = useUiLocale();
  const user = useAuthStore((state) => state.user);
  const staff = userCan(user, 'dashboard:staff');
  const staffQuery = useStaffDashboard(staff);
  const clientQuery = useClientDashboard(!staff);
  const query = staff ? staffQuery : clientQuery;
  const generated = query.data?.generated_at;
  return (
    <div data-testid="dashboard-page">
      <PageHeader title={t('title')} description={staff ? t('staff.description') : t('client.description')} />
      {query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {t('loadError')}
        </Alert>
      ) : null}
      {query.isPending ? <PageLoader /> : null}
      {staff && staffQuery.data ? <StaffDashboard data={staffQuery.data} /> : null}
      {!staff && clientQuery.data ? <ClientDashboard data={clientQuery.data} /> : null}
      {generated ? (
        <Text size="xs" c="gray.7" mt="md">
          {t('generatedAt', { when: formatDateTime(generated, locale) })}
        </Text>
      ) : null}
    </div>
  );
}
