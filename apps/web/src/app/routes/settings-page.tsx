import { useTranslation } from 'react-i18next';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { NextTaskIdForm, TranslationTypesSection } from '../../features/settings/index.ts';
import { HolidaysEditor, PayableGridEditor } from '../../features/rates/index.ts';
import { SsoProvidersSection } from '../../features/sso/index.ts';

/** The settings screen gathers the editors of two features: settings, and rates' pricing configuration. */
export default function SettingsPage() {
  const { t } = useTranslation(['settings', 'rates']);
  return (
    <div data-testid="settings-page">
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="lg">
        <NextTaskIdForm />
        <TranslationTypesSection />
        <SectionCard
          title={t('grid.title', { ns: 'rates' })}
          description={t('grid.intro', { ns: 'rates' })}
          testId="settings-payable-grid"
        >
          <PayableGridEditor customerId={null} canManage />
        </SectionCard>
        <SectionCard
          title={t('holidays.title', { ns: 'rates' })}
          description={t('holidays.intro', { ns: 'rates' })}
          testId="settings-holidays"
        >
          <HolidaysEditor />
        </SectionCard>
        <SsoProvidersSection />
      </Stack>
    </div>
  );
}
