import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { LocalizedNumberInput } from '../../../components/localized-number-input.tsx';
import { translationTypeBody } from '@verba/contracts';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import type { TranslationTypeDto as TranslationType } from '@verba/contracts';
import { useUpdateTranslationType } from '../api/update-translation-type.ts';
import formClasses from '../../../components/forms.module.css';

const LANGS = ['en', 'es', 'ca'] as const;
const TEXT_KEYS = LANGS.flatMap(
  (lang) => [`name_${lang}`, `description_${lang}`, `description_2_${lang}`] as const,
);
type TextKey = (typeof TEXT_KEYS)[number];

/** Percent, names and descriptions of one translation type, in the three languages. */
export function TranslationTypeForm({ type }: { type: TranslationType }) {
  const { t } = useTranslation('settings');
  const update = useUpdateTranslationType(type.id);
  const [percent, setPercent] = useState<number | string>(Number(type.percent));
  const [texts, setTexts] = useState<Record<TextKey, string>>(
    () => Object.fromEntries(TEXT_KEYS.map((key) => [key, type[key] ?? ''])) as Record<TextKey, string>,
  );
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = translationTypeBody.safeParse({ percent, ...texts });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: t('types.doneTitle'),
          message: t('types.done', { name: parsed.data.name_en }),
        }),
      onError: (failure) => setErrors(serverFieldErrors(failure) ?? {}),
    });
  };

  return (
    <form
      className={formClasses.form}
      onSubmit={submit}
      noValidate
      data-testid={`translation-type-${type.id}`}
    >
      <Stack gap="md">
        <LocalizedNumberInput
          label={t('types.percent')}
          description={t('types.percentHelp')}
          value={percent}
          onChange={setPercent}
          min={0}
          max={1000}
          decimalScale={2}
          suffix=" %"
          error={errors.percent}
          w={{ base: '100%', xs: 220 }}
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {LANGS.map((lang) => (
            <Stack key={lang} gap="sm">
              <Title order={3} fz="sm" c="gray.7">
                {t(`types.lang.${lang}`)}
              </Title>
              <TextInput
                label={t('types.name', { lang: t(`types.lang.${lang}`) })}
                value={texts[`name_${lang}`]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setTexts((current) => ({ ...current, [`name_${lang}`]: value }));
                }}
                error={errors[`name_${lang}`]}
                withAsterisk
              />
              <Textarea
                label={t('types.description', { lang: t(`types.lang.${lang}`) })}
                value={texts[`description_${lang}`]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setTexts((current) => ({ ...current, [`description_${lang}`]: value }));
                }}
                error={errors[`description_${lang}`]}
                autosize
                minRows={2}
                withAsterisk
              />
              <Textarea
                label={t('types.description2', { lang: t(`types.lang.${lang}`) })}
                value={texts[`description_2_${lang}`]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setTexts((current) => ({ ...current, [`description_2_${lang}`]: value }));
                }}
                error={errors[`description_2_${lang}`]}
                autosize
                minRows={2}
              />
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('types.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
