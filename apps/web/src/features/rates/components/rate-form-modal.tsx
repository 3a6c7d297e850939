import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button, Group, Modal, Select, SimpleGrid, Stack } from '@mantine/core';
import { LocalizedNumberInput } from '../../../components/localized-number-input.tsx';
import type { RateDto } from '@verba/contracts';
import { formFailure, type FieldErrors } from '../../../components/form-errors.ts';
import { FormErrorNotice } from '../../../components/form-error-notice.tsx';
import formClasses from '../../../components/forms.module.css';
import { useLanguages } from '../../languages/index.ts';
import type { RateOwner } from '../api/rate-owner.ts';
import { useSaveRate } from '../api/save-rate.ts';
import { checkRateForm, type RateFormValues } from '../lib/rate-rules.ts';

interface RateFormModalProps {
  owner: RateOwner;
  /** The rate to edit; none to create one. */
  rate: RateDto | null;
  onClose: () => void;
}

const FIELDS = ['source_lang', 'target_lang', 'r1', 'r2'];

/** Creates or edits a rate of the general list or of a customer (VERBA_ADMIN). */
export function RateFormModal({ owner, rate, onClose }: RateFormModalProps) {
  const { t } = useTranslation('rates');
  const languages = useLanguages('');
  const save = useSaveRate(owner);
  const [values, setValues] = useState<RateFormValues>({
    source_lang: rate ? String(rate.source_lang) : null,
    target_lang: rate ? String(rate.target_lang) : null,
    r1: rate?.r1 ?? '',
    r2: rate?.r2 ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const set = (patch: Partial<RateFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const options = (languages.data ?? []).map((language) => ({
    value: String(language.id),
    label: `${language.name} (${language.iso_code})`,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRateForm(values);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setNotice(null);
    save.mutate(
      { id: rate?.id ?? null, body: checked.body },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: rate ? t('form.updatedTitle') : t('form.createdTitle'),
            message: rate ? t('form.updated') : t('form.created'),
          });
          onClose();
        },
        onError: (error) => {
          const failure = formFailure(error, FIELDS);
          setErrors(failure.fields);
          setNotice(failure.notice);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={rate ? t('form.editTitle') : t('form.createTitle')}
      centered
      radius="md"
      size="lg"
      data-testid="modal-rate-form"
    >
      <form className={formClasses.form} onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormErrorNotice message={notice} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('columns.source')}
              data={options}
              value={values.source_lang}
              onChange={(value) => set({ source_lang: value })}
              error={errors.source_lang}
              searchable
              withAsterisk
              nothingFoundMessage={t('form.noLanguage')}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
              data-testid="rate-source"
            />
            <Select
              label={t('columns.target')}
              data={options}
              value={values.target_lang}
              onChange={(value) => set({ target_lang: value })}
              error={errors.target_lang}
              searchable
              withAsterisk
              nothingFoundMessage={t('form.noLanguage')}
              comboboxProps={{ withinPortal: true }}
              data-testid="rate-target"
            />
            <LocalizedNumberInput
              label={t('columns.r1')}
              description={t('form.r1Help')}
              value={values.r1}
              onChange={(value) => set({ r1: value })}
              error={errors.r1}
              decimalScale={4}
              clampBehavior="none"
              euros
              withAsterisk
              data-testid="rate-r1"
            />
            <LocalizedNumberInput
              label={t('columns.r2')}
              description={t('form.r2Help')}
              value={values.r2}
              onChange={(value) => set({ r2: value })}
              error={errors.r2}
              decimalScale={2}
              clampBehavior="none"
              euros
              withAsterisk
              data-testid="rate-r2"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="rate-save">
              {rate ? t('form.saveChanges') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
