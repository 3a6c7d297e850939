import { useTranslation } from 'react-i18next';
import { Group, Paper, Radio, SimpleGrid, Text, Title } from '@mantine/core';
import type { ServiceLevelQuote, TranslationTypeDto as TranslationType } from '@verba/contracts';
import { InfoButton } from '../info-button.tsx';
import type { FormSectionProps } from './form-values.ts';
import { ServiceFacts } from './service-facts.tsx';

interface TranslationTypeSectionProps extends FormSectionProps {
  orderedTypes: readonly TranslationType[];
  /** Each level's total for the task's analysed files and the chosen languages, when the form shows them. */
  levels?: readonly ServiceLevelQuote[];
}

/** One card per translation type, in the order of `orderTranslationTypes`. */
export function TranslationTypeSection({
  values,
  errors,
  set,
  orderedTypes,
  levels,
}: TranslationTypeSectionProps) {
  const { t } = useTranslation('tasks');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Radio.Group
        value={values.translation_type}
        onChange={(value) => set('translation_type', value)}
        label={
          <Group gap={4} component="span" style={{ display: 'inline-flex' }}>
            <Title order={2} fz="lg" component="span">
              {t('form.translationType')}
            </Title>
            <InfoButton section="translationTypes" />
          </Group>
        }
        withAsterisk
        error={errors.translation_type}
        data-testid="task-translation-type"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
          {orderedTypes.map((type) => (
            <Radio.Card
              key={type.id}
              value={String(type.id)}
              p="md"
              radius="md"
              data-testid={`translation-type-${type.id}`}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text fw={600}>{type.name}</Text>
                  {type.description ? (
                    <Text size="sm" c="gray.7">
                      {type.description}
                    </Text>
                  ) : null}
                  {type.description_2 ? (
                    <Text size="xs" c="gray.7" mt={4}>
                      {type.description_2}
                    </Text>
                  ) : null}
                  <ServiceFacts
                    typeId={type.id}
                    source={values.source_language}
                    targets={values.target_languages}
                    level={levels?.find((level) => level.translation_type_id === type.id)}
                  />
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Paper>
  );
}
