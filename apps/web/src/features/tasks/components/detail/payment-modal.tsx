import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CONTRAST } from '../../lib/error-contrast.ts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { payTaskHistoryBody } from '@verba/contracts';
import { formFailure, zodFieldErrors, type FieldErrors } from '../../../../components/form-errors.ts';
import { FormErrorNotice } from '../../../../components/form-error-notice.tsx';
import { LocalizedNumberInput } from '../../../../components/localized-number-input.tsx';
import { useAddPaymentMutation } from '../../api/add-payment.ts';

export function PaymentModal({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const add = useAddPaymentMutation();
  const [amount, setAmount] = useState<string | number>('');
  const [type, setType] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const submit = () => {
    const parsed = payTaskHistoryBody.safeParse({ task_id: taskId, amount, type });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setNotice(null);
    add.mutate(
      { task_id: taskId, amount: parsed.data.amount, type },
      {
        onSuccess: onClose,
        onError: (error) => {
          const failure = formFailure(error, ['amount', 'type']);
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
      title={t('detail.payments.addTitle')}
      centered
      data-testid="payment-modal"
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
          <LocalizedNumberInput
            label={t('detail.payments.amount')}
            withAsterisk
            value={amount}
            onChange={setAmount}
            decimalScale={2}
            euros
            hideControls
            error={errors.amount}
            data-autofocus
          />
          <TextInput
            label={t('detail.payments.type')}
            withAsterisk
            maxLength={255}
            value={type}
            onChange={(event) => setType(event.currentTarget.value)}
            error={errors.type}
          />
          <FormErrorNotice message={notice} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('detail.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
