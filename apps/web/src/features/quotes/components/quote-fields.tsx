import { useTranslation } from 'react-i18next';
import { Anchor, Checkbox, MultiSelect, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { FieldErrors } from '../../../components/form-errors.ts';
import { BRAND } from '../../../lib/brand.ts';
import type { CountryTaxDto as Country } from '@verba/contracts';
import type { QuoteRequestValues } from '../api/send-quote-request.ts';

interface Option {
  id: number;
  name: string;
}

export interface QuoteFieldsProps {
  values: QuoteRequestValues;
  errors: FieldErrors;
  set: <K extends keyof QuoteRequestValues>(key: K, value: QuoteRequestValues[K]) => void;
  countries: readonly Country[] | undefined;
  sources: readonly Option[] | undefined;
  targets: readonly Option[] | undefined;
  locale: 'en' | 'es' | 'ca';
}

const options = (list: readonly Option[] | undefined) =>
  (list ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/** Who asks for the quote (spec part 2 §5: max lengths and required fields). */
export function ContactFields({ values, errors, set, countries }: QuoteFieldsProps) {
  const { t } = useTranslation('quotes');
  const text = (
    key: 'company_name' | 'first_name' | 'last_name' | 'email' | 'phone_number',
    max: number,
    required = true,
  ) => (
    <TextInput
      label={t(`form.${key}`)}
      withAsterisk={required}
      maxLength={max}
      value={values[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={errors[key]}
      type={key === 'email' ? 'email' : key === 'phone_number' ? 'tel' : 'text'}
      autoComplete={
        {
          company_name: 'organization',
          first_name: 'given-name',
          last_name: 'family-name',
          email: 'email',
          phone_number: 'tel',
        }[key]
      }
      data-testid={`quote-${key}`}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {text('company_name', 40, false)}
      <Select
        label={t('form.country')}
        withAsterisk
        searchable
        data={(countries ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={values.country}
        onChange={(value) => set('country', value)}
        error={errors.country}
        data-testid="quote-country"
        comboboxProps={{ withinPortal: true }}
      />
      {text('first_name', 25)}
      {text('last_name', 25)}
      {text('email', 255)}
      {text('phone_number', 16)}
    </SimpleGrid>
  );
}

/** The source language and the target languages (never the source). */
export function LanguageFields({ values, errors, set, sources, targets }: QuoteFieldsProps) {
  const { t } = useTranslation('quotes');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Select
        label={t('form.source_language')}
        withAsterisk
        searchable
        data={options(sources)}
        value={values.source_language}
        onChange={(value) => {
          set('source_language', value);
          set(
            'target_languages',
            values.target_languages.filter((id) => id !== value),
          );
        }}
        error={errors.source_language}
        data-testid="quote-source-language"
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label={t('form.target_languages')}
        withAsterisk
        searchable
        hidePickedOptions
        data={options(targets).filter((o) => o.value !== values.source_language)}
        value={values.target_languages}
        onChange={(value) => set('target_languages', value)}
        error={errors.target_languages}
        placeholder={values.target_languages.length ? undefined : t('form.targetPlaceholder')}
        data-testid="quote-target-languages"
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  );
}

/** Comments, the review option and the privacy policy. */
export function OptionFields({ values, errors, set, locale }: QuoteFieldsProps) {
  const { t } = useTranslation('quotes');
  return (
    <>
      <Textarea
        label={t('form.comments')}
        maxLength={255}
        autosize
        minRows={2}
        value={values.comments}
        onChange={(event) => set('comments', event.currentTarget.value)}
        error={errors.comments}
        data-testid="quote-comments"
      />
      <Checkbox
        label={t('form.review_originals')}
        checked={values.review_originals}
        onChange={(event) => set('review_originals', event.currentTarget.checked)}
        data-testid="quote-review"
      />
      <Checkbox
        label={
          <>
            {t('form.privacy_policy')}{' '}
            <Anchor href={BRAND.legal.privacy[locale]} target="_blank" rel="noreferrer" hrefLang={locale}>
              {t('form.privacy_link')}
            </Anchor>
          </>
        }
        checked={values.privacy_policy}
        onChange={(event) => set('privacy_policy', event.currentTarget.checked)}
        error={errors.privacy_policy}
        data-testid="quote-privacy"
      />
    </>
  );
}
