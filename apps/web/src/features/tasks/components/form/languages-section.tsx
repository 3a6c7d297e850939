import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, MultiSelect, Paper, Select, SimpleGrid, Title } from '@mantine/core';
import type { TaskFormValues } from '../../api/task-mutations.ts';
import type { Language } from '../../api/types.ts';
import { InfoButton } from '../info-button.tsx';
import type { FormSectionProps } from './form-values.ts';

interface LanguagesSectionProps extends FormSectionProps {
  setValues: Dispatch<SetStateAction<TaskFormValues>>;
  sources: readonly Language[] | undefined;
  targets: readonly Language[] | undefined;
}

/** The source language and the target languages (never the source). */
export function LanguagesSection({
  values,
  errors,
  set,
  setValues,
  sources,
  targets,
}: LanguagesSectionProps) {
  const { t } = useTranslation('tasks');
  const targetOptions = (targets ?? [])
    .filter((language) => String(language.id) !== values.source_language)
    .map((language) => ({ value: String(language.id), label: language.name }));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group gap={4} mb="md">
        <Title order={2} fz="lg">
          {t('form.sections.languages')}
        </Title>
        <InfoButton section="languages" />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('form.sourceLanguage')}
          withAsterisk
          searchable
          data={(sources ?? []).map((language) => ({
            value: String(language.id),
            label: language.name,
          }))}
          value={values.source_language}
          onChange={(value) => {
            set('source_language', value);
            setValues((current) => ({
              ...current,
              source_language: value,
              target_languages: current.target_languages.filter((id) => id !== value),
            }));
          }}
          error={errors.source_language}
          data-testid="task-source-language"
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('form.targetLanguages')}
          withAsterisk
          searchable
          data={targetOptions}
          value={values.target_languages}
          onChange={(value) => set('target_languages', value)}
          error={errors.target_languages}
          placeholder={values.target_languages.length ? undefined : t('form.targetPlaceholder')}
          data-testid="task-target-languages"
          comboboxProps={{ withinPortal: true }}
          hidePickedOptions
        />
      </SimpleGrid>
    </Paper>
  );
}
