import { useTranslation } from 'react-i18next';
import { Accordion, Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useTranslationTypes } from '../api/settings.ts';
import { NextTaskIdForm } from '../components/next-task-id-form.tsx';
import { TranslationTypeForm } from '../components/translation-type-form.tsx';
import { HolidaysEditor } from '../../rates/components/holidays-editor.tsx';
import { PayableGridEditor } from '../../rates/components/payable-grid-form.tsx';

export default function SettingsPage() {
  const { t } = useTranslation(['settings', 'rates']);
  const types = useTranslationTypes();
  return (
    <div data-testid="settings-page">
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="lg">
        <NextTaskIdForm />
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="settings-translation-types">
          <Title order={2} fz="lg">
            {t('types.title')}
          </Title>
          <Text size="sm" c="gray.7" mb="md">
            {t('types.intro')}
          </Text>
          {types.isPending ? (
            <Center py="lg" role="status" aria-label={t('states.loading', { ns: 'common' })}>
              <Loader size="sm" />
            </Center>
          ) : (
            <Accordion variant="separated" chevronPosition="left">
              {(types.data ?? []).map((type) => (
                <Accordion.Item key={type.id} value={String(type.id)}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" pr="sm">
                      <Text fw={600}>{type.name}</Text>
                      <Badge variant="light">{Number(type.percent)} %</Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <TranslationTypeForm type={type} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </Paper>
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
      </Stack>
    </div>
  );
}
