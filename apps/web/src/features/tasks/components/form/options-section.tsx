import { useTranslation } from 'react-i18next';
import { Checkbox, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { InfoButton } from '../info-button.tsx';
import type { FormSectionProps } from './form-values.ts';

/** Comments, review and custom quote. */
export function OptionsSection({ values, errors, set }: FormSectionProps) {
  const { t } = useTranslation('tasks');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="md">
        {t('form.sections.options')}
      </Title>
      <Stack gap="md">
        <Textarea
          label={t('form.comments')}
          description={t('form.commentsHelp', { count: 255 - values.comments.length })}
          maxLength={255}
          autosize
          minRows={3}
          value={values.comments}
          onChange={(event) => set('comments', event.currentTarget.value)}
          error={errors.comments}
          data-testid="task-comments"
        />
        <Checkbox
          label={t('form.review')}
          description={t('form.reviewHelp')}
          checked={values.review}
          onChange={(event) => set('review', event.currentTarget.checked)}
          data-testid="task-review"
        />
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Checkbox
            label={t('form.customQuote')}
            description={t('form.customQuoteHelp')}
            checked={values.custom_quote}
            onChange={(event) => set('custom_quote', event.currentTarget.checked)}
            data-testid="task-custom-quote"
          />
          <InfoButton section="customQuote" />
        </Group>
      </Stack>
    </Paper>
  );
}
