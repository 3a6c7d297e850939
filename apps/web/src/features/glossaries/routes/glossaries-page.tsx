import { useTranslation } from 'react-i18next';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { isClient } from '@verba/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';

/** Client roles upload glossaries (form arrives later); staff read that the provider loads them by hand. */
export default function GlossariesPage() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  if (user && isClient(user.type)) return <ScreenPlaceholder screen="glossaries.upload" />;
  return (
    <div data-testid="screen-glossaries.staff">
      <PageHeader title={t('screens.glossaries.upload.title')} />
      <Alert
        variant="light"
        color="ink"
        icon={<IconInfoCircle aria-hidden />}
        title={t('glossaries.staffTitle')}
      >
        {t('glossaries.staffInfo')}
      </Alert>
    </div>
  );
}
