import { useTranslation } from 'react-i18next';
import { Paper, Text, Title } from '@mantine/core';
import { PagedTable } from '../../../components/paged-table.tsx';
import { useCompanyMemories } from '../api/get-company-memories.ts';

/** On the company page (client admin): which language pairs have a translation memory, and its size. */
export function CompanyMemories() {
  const { t } = useTranslation('memories');
  const memories = useCompanyMemories(true);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="company-memories">
      <Title order={2} fz="lg" mb={4}>
        {t('title')}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {t('companyIntro')}
      </Text>
      <PagedTable
        caption={t('title')}
        rows={memories.data}
        rowKey={(pair) => `${pair.source_lang}-${pair.target_lang}`}
        loading={memories.isPending}
        loadingLabel={t('states.loading', { ns: 'common' })}
        empty={
          <Text size="sm" c="gray.7">
            {t('companyEmpty')}
          </Text>
        }
        columns={[
          { key: 'pair', header: t('pair'), render: (pair) => `${pair.source_name} → ${pair.target_name}` },
          { key: 'units', header: t('units'), align: 'right', render: (pair) => pair.units.toLocaleString() },
        ]}
      />
    </Paper>
  );
}
