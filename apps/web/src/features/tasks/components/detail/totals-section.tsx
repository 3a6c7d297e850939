import { useTranslation } from 'react-i18next';
import { Stack, Text } from '@mantine/core';
import { useAuthStore } from '../../../../lib/auth-store.ts';
import { userCan } from '../../../../lib/permissions.ts';
import type { TaskDetail } from '../../api/types.ts';
import { Section } from '../section.tsx';
import { useUiLocale } from '../../../../components/use-locale.ts';
import { formatEuros } from '../../../../lib/format.ts';
import { unpricedLanguageNames } from '../../lib/unpriced.ts';
import { moneyOrDash as money } from './money-or-dash.tsx';
import { AmountToPayForm } from './staff-forms.tsx';
import { TotalRow } from '../total-row.tsx';
import { isOrdered } from '../../lib/amounts.ts';

export function TotalsSection({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const { t: ta } = useTranslation('amounts');
  const user = useAuthStore((state) => state.user)!;
  const locale = useUiLocale();
  const unpriced = unpricedLanguageNames(task);
  return (
    <Section title={t('detail.totals.title')} help="amount" testId="section-totals">
      <Stack gap={6} data-testid="totals">
        <TotalRow label={t('detail.totals.base')} value={money(task.base_price)} />
        {task.discount_amount && Number(task.discount_amount) !== 0 ? (
          <TotalRow
            label={t('detail.totals.discount', { percent: Number(task.discount_percentage ?? 0) })}
            value={<>−{money(task.discount_amount)}</>}
          />
        ) : null}
        {task.other_prices && Number(task.other_prices) !== 0 ? (
          <TotalRow label={t('detail.totals.other')} value={money(task.other_prices)} />
        ) : null}
        <TotalRow
          label={t('detail.totals.taxes', {
            name: task.tax_name || t('detail.totals.taxName'),
            percent: Number(task.tax_percentage ?? 0),
          })}
          value={money(
            task.price_taxes === null
              ? null
              : String(Number(task.price_taxes) + Number(task.other_prices_taxes ?? 0)),
          )}
        />
        <TotalRow
          strong
          label={t('detail.totals.total')}
          value={
            unpriced.length
              ? t('detail.totals.plusToConfirm', { amount: formatEuros(task.taxed_price ?? '0', locale) })
              : money(task.taxed_price)
          }
          testId="taxed-price"
        />
        {unpriced.length ? (
          <Text size="sm" c="red.9" data-testid="to-confirm">
            {t('detail.totals.toConfirm', { languages: unpriced.join(', ') })}
          </Text>
        ) : null}
        {task.amount_to_pay !== null ? (
          <TotalRow
            label={isOrdered(task.state) ? ta('amounts.orderTotal') : t('detail.totals.amountToPay')}
            value={money(task.amount_to_pay)}
            testId="amount-to-pay"
          />
        ) : null}
        {userCan(user, 'tasks:amount-to-pay') ? (
          <AmountToPayForm key={task.amount_to_pay} task={task} />
        ) : null}
      </Stack>
    </Section>
  );
}
