import { useTranslation } from 'react-i18next';
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TaskDetail } from '../../api/types.ts';
import { Section } from '../section.tsx';

/** The language pair and the translation type, side by side. */
export function LanguageSections({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Section title={t('detail.languages.title')} help="languages" testId="section-languages">
        <Stack gap="xs">
          <Text size="sm" c="gray.7">
            {t('detail.languages.from')}
          </Text>
          <Text fw={600}>{task.source_language.name}</Text>
          <Text size="sm" c="gray.7">
            {t('detail.languages.to')}
          </Text>
          <Group gap="xs">
            {task.target_languages.map((target) => (
              <Badge
                key={target.target_language_id}
                variant="light"
                styles={{ label: { color: 'var(--mantine-color-ink-9)' } }}
                radius="sm"
                size="lg"
              >
                {target.target_language.name}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Section>
      <Section title={t('detail.type.title')} help="translationTypes" testId="section-type">
        <Text fw={600}>{task.translation_type.name}</Text>
        {task.translation_type.description ? (
          <Text size="sm" c="gray.7" mt={4}>
            {task.translation_type.description}
          </Text>
        ) : null}
      </Section>
    </SimpleGrid>
  );
}
