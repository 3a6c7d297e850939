import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, MultiSelect, Paper, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { useUiLocale } from '../../../../components/use-locale.ts';
import { formatEuros } from '../../../../lib/format.ts';
import { useTargetPrices } from '../../api/get-target-prices.ts';
import type { TaskFormValues } from '../../api/save-task.ts';
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
  const locale = useUiLocale();
  const prices = useTargetPrices(values.source_language, values.translation_type);
  const priceOf = new Map((prices.data ?? []).map((p) => [String(p.language_id), p.price_per_word]));
  // Priced targets first, each with its price per word; the others are "price on request".
  const targetOptions = (targets ?? [])
    .filter((language) => String(language.id) !== values.source_language)
    .map((language) => {
      const price = priceOf.get(String(language.id));
      // nothing said until the prices are known
      const note = price
        ? t('form.perWord', { price: formatEuros(price, locale, 4) })
        : prices.data
          ? t('form.priceOnRequest')
          : '';
      return { value: String(language.id), label: language.name, note, priced: Boolean(price) };
    })
    .sort((a, b) => Number(b.priced) - Number(a.priced));
  const noteOf = new Map(targetOptions.map((option) => [option.value, option]));
  const unpricedPicked = Boolean(prices.data) && values.target_languages.some((id) => !priceOf.has(id));
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
          data={targetOptions.map(({ value, label }) => ({ value, label }))}
          renderOption={({ option }) => {
            const extra = noteOf.get(option.value);
            return (
              <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
                <span>{option.label}</span>
                <Text span size="xs" c={extra?.priced ? 'gray.8' : 'red.9'}>
                  {extra?.note}
                </Text>
              </Group>
            );
          }}
          value={values.target_languages}
          onChange={(value) => set('target_languages', value)}
          error={errors.target_languages}
          placeholder={values.target_languages.length ? undefined : t('form.targetPlaceholder')}
          data-testid="task-target-languages"
          comboboxProps={{ withinPortal: true }}
          hidePickedOptions
        />
      </SimpleGrid>
      {unpricedPicked ? (
        <Text size="sm" c="red.9" mt="sm" data-testid="unpriced-target-note">
          {t('form.unpricedNote')}
        </Text>
      ) : null}
    </Paper>
  );
}
