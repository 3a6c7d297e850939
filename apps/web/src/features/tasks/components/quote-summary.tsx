import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DateText, Money } from '../../../components/money.tsx';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatEuros } from '../../../lib/format.ts';
import type { TaskDetail } from '../api/types.ts';
import { unpricedLanguageNames } from '../lib/unpriced.ts';
import { PayButton } from './pay-button.tsx';
import { TotalRow } from './total-row.tsx';

/**
 * The quote page's grand total: the translation, the discount, other concepts and taxes down to
 * the total and the amount to pay, the delivery date (as if approved today, for a draft), and
 * the pay button (disabled, with the reason, while any language waits for a price).
 */
export function QuoteSummary({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const locale = useUiLocale();
  const navigate = useNavigate();
  const unpriced = unpricedLanguageNames(task);
  const taxes = String(Number(task.price_taxes) + Number(task.other_prices_taxes));
  const draft = task.state === 'DRAFT' || task.state === 'TEMPORAL';
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" data-testid="quote-summary">
      <Title order={2} fz="lg" mb="md">
        {t('quote.summaryTitle')}
      </Title>
      <Stack gap={6}>
        <TotalRow
          valueAlign="right"
          label={t('detail.totals.base')}
          value={<Money amount={task.base_price} />}
        />
        {Number(task.discount_amount) !== 0 ? (
          <TotalRow
            valueAlign="right"
            label={t('detail.totals.discount', { percent: Number(task.discount_percentage) })}
            value={
              <>
                −<Money amount={task.discount_amount} />
              </>
            }
            testId="quote-discount"
          />
        ) : null}
        {Number(task.other_prices) !== 0 ? (
          <TotalRow
            valueAlign="right"
            label={t('detail.totals.other')}
            value={<Money amount={task.other_prices} />}
          />
        ) : null}
        <TotalRow
          valueAlign="right"
          label={t('detail.totals.taxes', {
            name: task.tax_name || t('detail.totals.taxName'),
            percent: Number(task.tax_percentage),
          })}
          value={<Money amount={taxes} />}
          testId="quote-taxes"
        />
        <Divider my={4} />
        <TotalRow
          valueAlign="right"
          strong
          label={t('detail.totals.total')}
          value={
            unpriced.length ? (
              t('detail.totals.plusToConfirm', { amount: formatEuros(task.taxed_price, locale) })
            ) : (
              <Money amount={task.taxed_price} />
            )
          }
          testId="quote-grand-total"
        />
        {unpriced.length ? (
          <Text size="sm" c="red.9" data-testid="quote-to-confirm">
            {t('detail.totals.toConfirm', { languages: unpriced.join(', ') })}
          </Text>
        ) : null}
        {task.amount_to_pay !== task.taxed_price ? (
          <TotalRow
            valueAlign="right"
            label={t('detail.totals.amountToPay')}
            value={<Money amount={task.amount_to_pay} />}
          />
        ) : null}
        <TotalRow
          valueAlign="right"
          label={t('quote.dueDate')}
          value={
            task.due_date ? (
              <>
                <DateText value={task.due_date} />
                {draft ? ' ' : null}
                {draft ? (
                  <Text span size="xs" c="gray.7" ml={2}>
                    ({t('quote.dueDateNote')})
                  </Text>
                ) : null}
              </>
            ) : (
              t('quote.noDueDate')
            )
          }
          testId="quote-due-date"
        />
      </Stack>
      {task.abilities.can_pay ? (
        <Group justify="flex-end" mt="md">
          <PayButton
            task={task}
            onPaid={() => {
              notifications.show({ color: 'teal', message: t('actions.paid') });
              void navigate(`/tasks/${task.id}`);
            }}
          />
        </Group>
      ) : null}
    </Paper>
  );
}
