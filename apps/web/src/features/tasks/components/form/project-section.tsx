import { useTranslation } from 'react-i18next';
import { Paper, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { LocalizedDateInput } from '../../../../components/localized-date-input.tsx';
import type { FormSectionProps } from './form-values.ts';
import { LabelWithInfo } from './label-with-info.tsx';

interface ProjectSectionProps extends FormSectionProps {
  departments: readonly { id: number; title: string }[] | undefined;
}

/** The project's name and department, and the client's PO number and reference. */
export function ProjectSection({ values, errors, set, departments }: ProjectSectionProps) {
  const { t } = useTranslation('tasks');
  const { t: ta } = useTranslation('amounts');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="md">
        {t('form.sections.project')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={<LabelWithInfo label={t('form.name')} help="projectName" />}
          withAsterisk
          maxLength={255}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={errors.description}
          data-testid="task-name"
          aria-label={t('form.name')}
        />
        <Select
          label={<LabelWithInfo label={t('form.department')} help="departments" />}
          aria-label={t('form.department')}
          withAsterisk
          data={(departments ?? []).map((department) => ({
            value: String(department.id),
            label: department.title,
          }))}
          value={values.department}
          onChange={(value) => set('department', value)}
          error={errors.department}
          data-testid="task-department"
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('form.poNumber')}
          description={t('form.poNumberHelp')}
          maxLength={50}
          value={values.po_number}
          onChange={(event) => set('po_number', event.currentTarget.value)}
          error={errors.po_number}
          data-testid="task-po-number"
        />
        <TextInput
          label={t('form.clientReference')}
          description={t('form.clientReferenceHelp')}
          maxLength={100}
          value={values.client_reference}
          onChange={(event) => set('client_reference', event.currentTarget.value)}
          error={errors.client_reference}
          data-testid="task-client-reference"
        />
        <div>
          <LocalizedDateInput
            label={ta('requested.label')}
            value={values.requested_date}
            onChange={(value) => set('requested_date', value)}
            error={errors.requested_date}
            testId="task-requested-date"
          />
          <Text size="xs" c="gray.7" mt={4}>
            {ta('requested.description')}
          </Text>
        </div>
      </SimpleGrid>
    </Paper>
  );
}
