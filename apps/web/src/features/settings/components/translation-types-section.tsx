import { useTranslation } from 'react-i18next';
import { Accordion, Badge, Center, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useTranslationTypes } from '../api/get-translation-types.ts';
import { TranslationTypeForm } from './translation-type-form.tsx';

/** One accordion item per translation type, each with its form. */
export function TranslationTypesSection() {
  const { t } = useTranslation('settings');
  const types = useTranslationTypes();
  return (
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
  );
}
