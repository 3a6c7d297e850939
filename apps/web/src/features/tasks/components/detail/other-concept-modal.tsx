import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CONTRAST } from '../../lib/error-contrast.ts';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { otherConceptBody } from '@verba/contracts';
import { formFailure, zodFieldErrors, type FieldErrors } from '../../../../components/form-errors.ts';
import { FormErrorNotice } from '../../../../components/form-error-notice.tsx';
import { LocalizedNumberInput } from '../../../../components/localized-number-input.tsx';
import { useSaveOtherConceptMutation } from '../../api/save-other-concept.ts';
import type { OtherConcept } from '../../api/types.ts';

const FIELDS = ['concept', 'description', 'unit', 'quantity', 'price'];

export function OtherConceptModal({
  taskId,
  concept,
  onClose,
}: {
  taskId: number;
  concept: OtherConcept | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('tasks');
  const save = useSaveOtherConceptMutation();
  const [values, setValues] = useState<{
    concept: string;
    description: string;
    unit: string;
    quantity: string | number;
    price: string | number;
  }>({
    concept: concept?.concept ?? '',
    description: concept?.description ?? '',
    unit: concept?.unit ?? '',
    quantity: concept?.quantity ?? '1',
    price: concept?.price ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const set = (key: keyof typeof values, value: string | number) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const submit = () => {
    const parsed = otherConceptBody.safeParse({ task_id: taskId, ...values });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setNotice(null);
    save.mutate(
      { id: concept?.id, task_id: taskId, ...values },
      {
        onSuccess: onClose,
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
      title={concept ? t('detail.concepts.editTitle') : t('detail.concepts.addTitle')}
      centered
      data-testid="other-concept-modal"
    >
      <form
        noValidate
        style={ERROR_CONTRAST}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('detail.concepts.concept')}
            withAsterisk
            maxLength={100}
            value={values.concept}
            onChange={(event) => set('concept', event.currentTarget.value)}
            error={errors.concept}
            data-autofocus
          />
          <TextInput
            label={t('detail.concepts.description')}
            maxLength={255}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.description}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput
              label={t('detail.concepts.unit')}
              maxLength={50}
              value={values.unit}
              onChange={(event) => set('unit', event.currentTarget.value)}
              error={errors.unit}
            />
            <LocalizedNumberInput
              label={t('detail.concepts.quantity')}
              withAsterisk
              value={values.quantity}
              onChange={(value) => set('quantity', value)}
              decimalScale={2}
              hideControls
              error={errors.quantity}
            />
            <LocalizedNumberInput
              label={t('detail.concepts.price')}
              withAsterisk
              value={values.price}
              onChange={(value) => set('price', value)}
              decimalScale={2}
              euros
              hideControls
              error={errors.price}
            />
          </SimpleGrid>
          <FormErrorNotice message={notice} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('detail.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
