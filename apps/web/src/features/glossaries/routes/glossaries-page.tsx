import { useTranslation } from 'react-i18next';
import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { isClient } from '@verba/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useCustomerOptions } from '../../customers/index.ts';
import { useLanguages } from '../../languages/index.ts';
import { GlossaryList } from '../components/glossary-list.tsx';
import { GlossaryUploadForm } from '../components/glossary-upload-form.tsx';

/**
 * Glossaries (spec part 1 §2). Clients upload a CSV for their customer and see its
 * glossaries below; staff read that the provider loads them by hand, and list every customer's.
 */
export default function GlossariesPage() {
  const { t } = useTranslation('glossaries');
  const user = useAuthStore((state) => state.user);
  const client = user ? isClient(user.type) : false;
  const languages = useLanguages('');
  const customerOptions = useCustomerOptions(!client);
  const languageList = languages.data ?? [];
  if (!user || languages.isLoading) return <PageLoader />;

  if (client) {
    const customers = user.customer ? [{ id: user.customer.id, name: user.customer.name }] : [];
    return (
      <div data-testid="screen-glossaries.upload">
        <PageHeader title={t('title')} description={t('clientDescription')} />
        <Stack gap="xl">
          <GlossaryUploadForm customers={customers} languages={languageList} />
          <GlossaryList staff={false} customers={customers} languages={languageList} />
        </Stack>
      </div>
    );
  }
  const customers = (customerOptions.data?.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  return (
    <div data-testid="screen-glossaries.staff">
      <PageHeader title={t('title')} />
      <Stack gap="xl">
        <Alert
          variant="light"
          color="ink"
          icon={<IconInfoCircle aria-hidden />}
          title={t('common:glossaries.staffTitle')}
        >
          {t('common:glossaries.staffInfo')}
        </Alert>
        <GlossaryList staff customers={customers} languages={languageList} />
      </Stack>
    </div>
  );
}
