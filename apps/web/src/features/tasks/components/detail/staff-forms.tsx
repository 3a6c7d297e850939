import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CONTRAST } from '../../lib/error-contrast.ts';
import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { amountToPayBody, daysToAddBody } from '@verba/contracts';
import { serverFieldErrors, zodFieldErrors } from '../../../../components/form-errors.ts';
import { useAmountToPayMutation } from '../../api/update-amount-to-pay.ts';
import { useDaysToAddMutation } from '../../api/update-days-to-add.ts';
import type { TaskDetail } from '../../api/types.ts';

export function DaysToAddForm({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const save = useDaysToAddMutation();
  const [value, setValue] = useState(String(task.days_to_add ?? 0));
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      style={ERROR_CONTRAST}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = daysToAddBody.safeParse({ days_to_add: value });
        if (!parsed.success) {
          setError(zodFieldErrors(parsed.error.issues, t).days_to_add);
          return;
        }
        save.mutate(
          { id: task.id, days: parsed.data.days_to_add },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: t('detail.saved') }),
            onError: (failure) => setError(serverFieldErrors(failure)?.days_to_add),
          },
        );
      }}
      data-testid="days-to-add-form"
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('detail.delivery.daysToAdd')}
          inputMode="numeric"
          w={160}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
        />
        <Button type="submit" variant="light" loading={save.isPending}>
          {t('detail.save')}
        </Button>
      </Group>
    </form>
  );
}

export function AmountToPayForm({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const save = useAmountToPayMutation();
  const [value, setValue] = useState(task.amount_to_pay ?? '');
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      style={ERROR_CONTRAST}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = amountToPayBody.safeParse({ amount_to_pay: value });
        if (!parsed.success) {
          setError(zodFieldErrors(parsed.error.issues, t).amount_to_pay);
          return;
        }
        save.mutate(
          { id: task.id, amount: parsed.data.amount_to_pay },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: t('detail.saved') }),
            onError: (failure) => setError(serverFieldErrors(failure)?.amount_to_pay),
          },
        );
      }}
      data-testid="amount-to-pay-form"
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('detail.totals.amountToPay')}
          inputMode="decimal"
          w={160}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
        />
        <Button type="submit" variant="light" loading={save.isPending}>
          {t('detail.save')}
        </Button>
      </Group>
    </form>
  );
}
