import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Paper, Table, Title } from '@mantine/core';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatDateTime, formatEuros } from '../../../lib/format.ts';
import type { TaskDetail } from '../api/types.ts';
import { bankReceipt, lastPaymentDate } from '../lib/amounts.ts';

/**
 * The receipt of a verified payment: amount, order number, the card's last digits when the bank
 * gave them, date, and the task. From the bank's signed answer, with the task's payments as backup.
 */
export function PaymentReceipt({
  task,
  merchantParameters,
}: {
  task: TaskDetail;
  merchantParameters: string | null;
}) {
  const { t } = useTranslation('amounts');
  const locale = useUiLocale();
  const bank = bankReceipt(merchantParameters);
  const paidAt = lastPaymentDate(task.payments);
  const amount = bank?.amount ?? (task.paid_amount && Number(task.paid_amount) > 0 ? task.paid_amount : null);
  const rows: Array<[string, string, string]> = [
    ...(amount
      ? [[t('receipt.amount'), formatEuros(amount, locale), 'receipt-amount'] as [string, string, string]]
      : []),
    ...(bank?.order ? [[t('receipt.order'), bank.order, 'receipt-order'] as [string, string, string]] : []),
    ...(bank?.cardDigits
      ? [
          [t('receipt.card'), t('receipt.cardEnding', { digits: bank.cardDigits }), 'receipt-card'] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    ...(paidAt || bank?.date
      ? [
          [t('receipt.date'), paidAt ? formatDateTime(paidAt, locale) : bank!.date!, 'receipt-date'] as [
            string,
            string,
            string,
          ],
        ]
      : []),
  ];
  return (
    <Paper withBorder p="md" radius="md" w="100%" maw={440} mx="auto" data-testid="payment-receipt">
      <Title order={2} size="h4" mb="xs">
        {t('receipt.title')}
      </Title>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value, testId]) => (
            <Table.Tr key={testId}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td ta="right" fw={600} data-testid={testId}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {t('receipt.task')}
            </Table.Th>
            <Table.Td ta="right">
              <Anchor component={Link} to={`/tasks/${task.id}`} data-testid="receipt-task-link">
                {t('receipt.openTask', { code: task.code || task.id })}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
