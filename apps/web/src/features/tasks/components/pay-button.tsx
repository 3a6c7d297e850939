import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { compareMoney } from '@verba/contracts/pricing';
import { modals } from '../../../components/modals/modal-store.ts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatEuros } from '../../../lib/format.ts';
import { submitGatewayForm } from '../lib/submit-gateway-form.ts';
import { getPaymentPreview } from '../api/get-payment-preview.ts';
import { usePayTaskMutation } from '../api/pay-task.ts';
import type { TaskDetail } from '../api/types.ts';

/**
 * "Pay and approve": disabled, with the reason beside it, while any language waits for a price
 * or the total is 0 (the API refuses too). When part of the price comes from the customer's
 * balance, the client first sees how much from the balance and how much by card, and only then
 * goes to the bank.
 */
export function PayButton({ task, onPaid }: { task: TaskDetail; onPaid: () => void }) {
  const { t } = useTranslation('tasks');
  const locale = useUiLocale();
  const pay = usePayTaskMutation();
  const [checking, setChecking] = useState(false);
  const reason = task.quote_readiness.reason;
  const reasonId = `pay-blocked-${task.id}`;

  const go = () =>
    pay.mutate(task.id, {
      onSuccess: (answer) => (answer?.form ? submitGatewayForm(answer.form) : onPaid()),
    });

  const start = async () => {
    setChecking(true);
    try {
      const split = await getPaymentPreview(task.id);
      if (compareMoney(split.balance_used, '0') <= 0) return go();
      const byCard = compareMoney(split.card_amount, '0') > 0;
      const euros = (amount: string) => formatEuros(amount, locale);
      modals.open('confirm', {
        title: t('payBeforeBank.title'),
        message: t(byCard ? 'payBeforeBank.split' : 'payBeforeBank.balanceOnly', {
          balance: euros(split.balance_used),
          card: euros(split.card_amount),
          total: euros(split.amount),
        }),
        confirmLabel: byCard ? t('payBeforeBank.toBank') : t('payBeforeBank.withBalance'),
        onConfirm: go,
      });
    } catch {
      // the API client has shown what went wrong
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap={4} align="flex-start">
      <Button
        leftSection={<IconCreditCard size={18} aria-hidden />}
        loading={checking || pay.isPending}
        disabled={reason !== null}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => void start()}
        data-testid="pay-task"
      >
        {t('actions.pay')}
      </Button>
      {reason ? (
        <Text id={reasonId} size="xs" c="gray.8" maw={320} data-testid="pay-blocked-reason">
          {t(`payBlocked.${reason}`)}
        </Text>
      ) : null}
    </Stack>
  );
}
