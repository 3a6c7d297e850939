import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { LocalizedNumberInput } from '../../../components/localized-number-input.tsx';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { holidayBody } from '@verba/contracts';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import formClasses from '../../../components/forms.module.css';
import { useModalStore } from '../../../components/modals/modal-store.ts';
import { LocalizedDateInput } from '../../../components/localized-date-input.tsx';
import { DateText } from '../../../components/money.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { useUiLocale } from '../../../components/use-locale.ts';
import type { HolidayDto as Holiday } from '@verba/contracts';
import { useAddHoliday } from '../api/add-holiday.ts';
import { useDeleteHoliday } from '../api/delete-holiday.ts';
import { useHolidays } from '../api/get-holidays.ts';

const EMPTY: Holiday = { date: '', region: 'ES-CT', name_en: '', name_es: '', name_ca: '' };
const TEXT_FIELDS = ['region', 'name_en', 'name_es', 'name_ca'] as const;

/** Holidays of a year (not business days for due dates), with a form to add one and delete buttons. */
export function HolidaysEditor() {
  const { t } = useTranslation('rates');
  const locale = useUiLocale();
  const openModal = useModalStore((state) => state.openModal);
  const [year, setYear] = useState(new Date().getFullYear());
  const holidays = useHolidays(year);
  const add = useAddHoliday();
  const remove = useDeleteHoliday();
  const [values, setValues] = useState<Holiday>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = holidayBody.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: t('holidays.addedTitle'), message: t('holidays.added') });
        setValues({ ...EMPTY, region: values.region });
      },
      onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
    });
  };

  const confirmDelete = (holiday: Holiday) =>
    openModal('confirm', {
      title: t('holidays.deleteTitle'),
      message: t('holidays.deleteMessage', { name: holiday[`name_${locale}`], region: holiday.region }),
      confirmLabel: t('delete.confirm'),
      danger: true,
      onConfirm: async () => {
        try {
          await remove.mutateAsync(holiday);
        } catch {
          // the global failure table already told the user
        }
      },
    });

  return (
    <Stack gap="md">
      <LocalizedNumberInput
        label={t('holidays.year')}
        value={year}
        onChange={(value) => typeof value === 'number' && setYear(value)}
        min={2000}
        max={2100}
        allowDecimal={false}
        grouped={false}
        w={{ base: '100%', sm: 160 }}
        data-testid="holidays-year"
      />
      <PagedTable
        caption={t('holidays.caption', { year })}
        rows={holidays.data}
        rowKey={(holiday) => `${holiday.date}-${holiday.region}`}
        rowTestId={(holiday) => `holiday-${holiday.date}-${holiday.region}`}
        loading={holidays.isPending}
        loadingLabel={t('states.loading', { ns: 'common' })}
        testId="holidays-table"
        total={holidays.data ? t('holidays.total', { count: holidays.data.length }) : null}
        empty={
          <Text size="sm" c="gray.7">
            {t('holidays.empty', { year })}
          </Text>
        }
        columns={[
          {
            key: 'date',
            header: t('holidays.date'),
            render: (holiday) => <DateText value={`${holiday.date}T12:00:00`} />,
          },
          { key: 'region', header: t('holidays.region'), wide: true, render: (holiday) => holiday.region },
          { key: 'name', header: t('holidays.name'), render: (holiday) => holiday[`name_${locale}`] },
          {
            key: 'actions',
            header: t('columns.actions'),
            align: 'right',
            render: (holiday) => (
              <Tooltip label={t('holidays.delete', { name: holiday[`name_${locale}`] })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('holidays.delete', { name: holiday[`name_${locale}`] })}
                  onClick={() => confirmDelete(holiday)}
                  data-testid={`delete-holiday-${holiday.date}-${holiday.region}`}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ),
          },
        ]}
      />
      <form className={formClasses.form} onSubmit={submit} noValidate data-testid="holiday-form">
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t('holidays.add')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
            <LocalizedDateInput
              label={t('holidays.fields.date')}
              value={values.date}
              onChange={(date) => setValues((current) => ({ ...current, date }))}
              error={errors.date}
              required
              // the calendar opens in the year shown above, where the new holiday will appear
              defaultDate={`${year}-01-01`}
              testId="holiday-date"
            />
            {TEXT_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`holidays.fields.${field}`)}
                value={values[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field]: value }));
                }}
                placeholder={field === 'region' ? 'ES-CT' : undefined}
                error={errors[field]}
                withAsterisk
                data-testid={`holiday-${field}`}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconPlus size={18} aria-hidden />}
              loading={add.isPending}
              data-testid="holiday-save"
            >
              {t('holidays.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
