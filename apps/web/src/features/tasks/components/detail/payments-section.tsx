import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '@verba/contracts';
import { Button, Group, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DateText, Money } from '../../../../components/money.tsx';
import { TableScrollRegion } from '../../../../components/table-scroll-region.tsx';
import { useUiLocale } from '../../../../components/use-locale.ts';
import { useAuthStore } from '../../../../lib/auth-store.ts';
import { formatDate, formatEuros } from '../../../../lib/format.ts';
import { userCan } from '../../../../lib/permissions.ts';
import type { TaskDetail } from '../../api/types.ts';
import { Section } from '../section.tsx';
import { hidden } from './hidden.ts';
import { moneyOrDash as money } from './money-or-dash.tsx';
import { PaymentModal } from './payment-modal.tsx';
import { isOrdered, isSettled, lastPaymentDate } from '../../lib/amounts.ts';

/** Payments received, for those who may see or add them, or once there are some. */
export function PaymentsSection({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const { t: ta } = useTranslation('amounts');
  const locale = useUiLocale();
  const user = useAuthStore((state) => state.user)!;
  const [paying, setPaying] = useState(false);
  // Lines the portal wrote (card, balance) are translated; a method typed by staff shows as typed.
  const paymentMethod = (type: string) =>
    (Object.values(PAYMENT_METHODS) as string[]).includes(type) ? t(`detail.payments.methods.${type}`) : type;
  if (!(
    userCan(user, 'payments:view') ||
    userCan(user, 'payments:add') ||
    task.payments.length > 0 ||
    isOrdered(task.state)
  ))
    return null;
  const lastPaid = lastPaymentDate(task.payments);
  return (
    <>
      <Section
        title={t('detail.payments.title')}
        help="payments"
        testId="section-payments"
        actions={
          userCan(user, 'payments:add') ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setPaying(true)}
              data-testid="add-payment"
            >
              {t('detail.payments.add')}
            </Button>
          ) : null
        }
      >
        {task.payments.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('detail.payments.empty')}
          </Text>
        ) : (
          <TableScrollRegion label={t('detail.payments.title')}>
            <Table data-testid="payments-table">
              <caption style={hidden}>{t('detail.payments.title')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('detail.payments.date')}</Table.Th>
                  <Table.Th scope="col">{t('detail.payments.type')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('detail.payments.amount')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {task.payments.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>
                      <DateText value={payment.created_at} />
                    </Table.Td>
                    <Table.Td>{paymentMethod(payment.type)}</Table.Td>
                    <Table.Td ta="right">
                      <Money amount={payment.amount} />
                      {Number(payment.taxes) > 0 ? (
                        <Text size="xs" c="gray.7">
                          {t('detail.payments.taxesIncluded', {
                            taxes: formatEuros(payment.taxes, locale),
                          })}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
        <Group justify="space-between" mt="md" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>{ta('amounts.paid')}</Text>
            <Text size="sm" c="gray.7" data-testid="last-paid-on">
              {lastPaid
                ? ta('amounts.lastPaidOn', { date: formatDate(lastPaid, locale) })
                : ta('amounts.notPaid')}
            </Text>
          </div>
          <Text fw={700} data-testid="paid-amount">
            {money(task.paid_amount ?? '0')}
          </Text>
        </Group>
        <Group justify="space-between" mt="sm" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>{ta('amounts.owed')}</Text>
            {task.state === 'DEFERRED' && !isSettled(task.outstanding_amount) ? (
              <Text size="sm" c="gray.7">
                {ta('amounts.invoicedLater')}
              </Text>
            ) : null}
          </div>
          <Text fw={700} data-testid="outstanding-balance">
            {isSettled(task.outstanding_amount ?? '0')
              ? ta('amounts.settled')
              : money(task.outstanding_amount)}
          </Text>
        </Group>
      </Section>
      {paying ? <PaymentModal taskId={task.id} onClose={() => setPaying(false)} /> : null}
    </>
  );
}
