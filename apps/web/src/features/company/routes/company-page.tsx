import { useTranslation } from 'react-i18next';
import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { DetailList } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useCompany } from '../api/get-company.ts';
import { userCan } from '../../../lib/permissions.ts';
import { CompanyMemories } from '../../memories/index.ts';
import { useCountryNames } from '../api/get-country-names.ts';
import { countryName } from '../lib/country-name.ts';
import { useUiLocale } from '../../../components/use-locale.ts';

export default function CompanyPage() {
  const { t } = useTranslation(['company', 'memories']);
  const user = useAuthStore((state) => state.user);
  const { data: company, isPending } = useCompany();
  const locale = useUiLocale();
  const countries = useCountryNames(locale);
  const dash = '—';

  if (isPending)
    return (
      <Stack gap="md" role="status" aria-label={t('loading')}>
        <Skeleton height={36} width="40%" />
        <Skeleton height={220} />
      </Stack>
    );
  if (!company) return <Text>{t('none')}</Text>;

  const items = [
    { label: t('fields.name'), value: company.name, testId: 'company-name' },
    { label: t('fields.address'), value: company.address || dash },
    { label: t('fields.address2'), value: company.address_2 || dash },
    { label: t('fields.town'), value: company.town || dash },
    { label: t('fields.province'), value: company.province || dash },
    {
      label: t('fields.country'),
      value: company.country ? countryName(company.country, locale, countries.data) : dash,
      testId: 'company-country',
    },
    { label: t('fields.postalCode'), value: company.postal_code || dash },
    { label: t('fields.tin'), value: company.tin || dash },
  ];
  const showBalance = user?.type === 'CLIENT_ADMIN' && company.balance !== undefined;

  return (
    <div data-testid="company-page">
      <PageHeader title={t('title')} description={t('subtitle')} />
      <Stack gap="lg">
        {showBalance ? (
          <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="company-balance">
            <Group gap="md" wrap="nowrap">
              <ThemeIcon size={48} radius="xl" variant="light">
                <IconWallet size={26} aria-hidden />
              </ThemeIcon>
              <Stack gap={0}>
                <Text size="sm" c="gray.7" fw={500}>
                  {t('balance')}
                </Text>
                <Text fz={28} fw={700} lh={1.2}>
                  <Money amount={company.balance ?? '0'} />
                </Text>
              </Stack>
            </Group>
          </Paper>
        ) : null}
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            {t('details')}
          </Title>
          <DetailList items={items} />
        </Paper>
        {userCan(user, 'memories:view-own') ? <CompanyMemories /> : null}
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="company-representative">
          <Title order={2} fz="lg" mb="xs">
            {t('representative.title')}
          </Title>
          <Text c="gray.7" size="sm" mb="md">
            {t('representative.help')}
          </Text>
          {company.success_representative ? (
            <Stack gap={2}>
              <Text fw={600}>{company.success_representative}</Text>
              {company.success_representative_email ? (
                <Anchor href={`mailto:${company.success_representative_email}`}>
                  {company.success_representative_email}
                </Anchor>
              ) : null}
            </Stack>
          ) : (
            <Text>{dash}</Text>
          )}
        </Paper>
      </Stack>
    </div>
  );
}
