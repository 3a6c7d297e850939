import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CONTRAST } from '../../lib/error-contrast.ts';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { amountToPayBody, daysToAddBody } from '@verba/contracts';
import type { z } from 'zod';
import { serverFieldErrors, zodFieldErrors } from '../../../../components/form-errors.ts';
import { LocalizedNumberInput } from '../../../../components/localized-number-input.tsx';
import { useAmountToPayMutation } from '../../api/update-amount-to-pay.ts';
import { useDaysToAddMutation } from '../../api/update-days-to-add.ts';
import type { TaskDetail } from '../../api/types.ts';

/**
 * A staff form of one field of the task, checked with the API's schema (`field` is the schema's
 * and the server's name for it), then saved by `save` with the parsed value.
 */
function OneFieldForm<F extends string, V>({
  schema,
  field,
  initial,
  label,
  decimals,
  save,
  testId,
}: {
  schema: z.ZodType<Record<F, V>>;
  field: F;
  initial: string;
  label: string;
  /** 0: a whole number (days); 2: an amount in euros, shown in the reader's format ("2.347,56 €"). */
  decimals: 0 | 2;
  save: {
    isPending: boolean;
    mutate: (value: V, done: { onSuccess: () => void; onError: (failure: Error) => void }) => void;
  };
  testId: string;
}) {
  const { t } = useTranslation('tasks');
  const [value, setValue] = useState<string | number>(initial);
  const [error, setError] = useState<ReactNode>();
  return (
    <form
      noValidate
      style={ERROR_CONTRAST}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = schema.safeParse({ [field]: value });
        if (!parsed.success) {
          setError(zodFieldErrors(parsed.error.issues)[field]);
          return;
        }
        save.mutate(parsed.data[field], {
          onSuccess: () => notifications.show({ color: 'teal', message: t('detail.saved') }),
          onError: (failure) => setError(serverFieldErrors(failure)?.[field]),
        });
      }}
      data-testid={testId}
    >
      <Group align="flex-end" gap="sm">
        <LocalizedNumberInput
          label={label}
          w={160}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          decimalScale={decimals}
          fixedDecimalScale={decimals > 0}
          euros={decimals > 0}
          grouped={decimals > 0}
          hideControls
          error={error}
        />
        <Button type="submit" variant="light" loading={save.isPending}>
          {t('detail.save')}
        </Button>
      </Group>
    </form>
  );
}

export function DaysToAddForm({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const save = useDaysToAddMutation();
  return (
    <OneFieldForm<'days_to_add', number>
      schema={daysToAddBody}
      field="days_to_add"
      initial={String(task.days_to_add ?? 0)}
      label={t('detail.delivery.daysToAdd')}
      decimals={0}
      save={{
        isPending: save.isPending,
        mutate: (days, options) => save.mutate({ id: task.id, days }, options),
      }}
      testId="days-to-add-form"
    />
  );
}

export function AmountToPayForm({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const save = useAmountToPayMutation();
  return (
    <OneFieldForm<'amount_to_pay', string>
      schema={amountToPayBody}
      field="amount_to_pay"
      initial={task.amount_to_pay ?? ''}
      label={t('detail.totals.amountToPay')}
      decimals={2}
      save={{
        isPending: save.isPending,
        mutate: (amount, options) => save.mutate({ id: task.id, amount }, options),
      }}
      testId="amount-to-pay-form"
    />
  );
}
