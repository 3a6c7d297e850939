import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button, Center, Group, Loader, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { LocalizedNumberInput } from '../../../components/localized-number-input.tsx';
import {
  joinedMessages,
  serverFieldErrors,
  unplacedErrors,
  type FieldErrors,
} from '../../../components/form-errors.ts';
import formClasses from '../../../components/forms.module.css';
import type { MinimumRatesDto as MinimumRates } from '@verba/contracts';
import { useSaveGeneralMinimumRates } from '../api/save-general-minimum-rates.ts';
import { useSaveMinimumRates } from '../api/save-minimum-rates.ts';
import { checkMinimumRates, hourLocked, type MinimumRateRow } from '../lib/rate-rules.ts';

interface MinimumRatesFormProps {
  /** null: the general minimums (tasks without a customer), which always apply. */
  customerId: number | null;
  initial: Pick<MinimumRates, 'minimum_rates'> & { customer_minimum_rates?: boolean };
}

/**
 * A customer's minimum charge per translation type, or the general one of guest quotes
 * (VERBA_ADMIN): hours at the pair's r2 and an amount in euros, 0 to 999,999.99; the flash type's
 * hours stay at 0.
 */
function MinimumRatesForm({ customerId, initial }: MinimumRatesFormProps) {
  const { t } = useTranslation('rates');
  const general = customerId === null;
  const saveCustomer = useSaveMinimumRates(customerId ?? 0);
  const saveGeneral = useSaveGeneralMinimumRates();
  const [applies, setApplies] = useState(initial.customer_minimum_rates ?? true);
  const [rows, setRows] = useState<MinimumRateRow[]>(() =>
    initial.minimum_rates.map(({ translation_type_id, hour, amount }) => ({
      translation_type_id,
      hour,
      amount,
    })),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const names = new Map(initial.minimum_rates.map((row) => [row.translation_type_id, row.name]));

  const change = (index: number, patch: Partial<MinimumRateRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkMinimumRates(applies, rows);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const handlers = {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: t('minimum.doneTitle'),
          message: t(general ? 'minimum.generalDone' : 'minimum.done'),
        }),
      onError: (error: Error) => setErrors(serverFieldErrors(error) ?? {}),
    };
    if (general) saveGeneral.mutate({ minimum_rates: checked.body.minimum_rates }, handlers);
    else saveCustomer.mutate(checked.body, handlers);
  };

  const shown = rows.flatMap((_, i) => [`minimum_rates.${i}.hour`, `minimum_rates.${i}.amount`]);
  const other = unplacedErrors(errors, shown);
  return (
    <form
      className={formClasses.form}
      onSubmit={submit}
      noValidate
      data-testid={general ? 'general-minimum-rates-form' : 'minimum-rates-form'}
    >
      <Stack gap="md">
        {general ? null : (
          <Switch
            label={t('minimum.applies')}
            description={t('minimum.appliesHelp')}
            checked={applies}
            onChange={(event) => setApplies(event.currentTarget.checked)}
            data-testid="minimum-applies"
          />
        )}
        <Paper withBorder>
          <Table.ScrollContainer minWidth={0} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="sm">
              <caption style={{ captionSide: 'top', textAlign: 'start', padding: '0.5rem 1rem' }}>
                <Text span size="sm" c="gray.7">
                  {t('minimum.caption')}
                </Text>
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('minimum.type')}</Table.Th>
                  <Table.Th scope="col">{t('minimum.hour')}</Table.Th>
                  <Table.Th scope="col">{t('minimum.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const name = names.get(row.translation_type_id) ?? String(row.translation_type_id);
                  const locked = hourLocked(row.translation_type_id);
                  return (
                    <Table.Tr
                      key={row.translation_type_id}
                      data-testid={`minimum-${row.translation_type_id}`}
                    >
                      <Table.Th scope="row" fw={600}>
                        {name}
                      </Table.Th>
                      <Table.Td miw={104}>
                        <LocalizedNumberInput
                          aria-label={t('minimum.hourOf', { type: name })}
                          value={locked ? 0 : row.hour}
                          onChange={(value) => change(index, { hour: value })}
                          disabled={locked}
                          description={locked ? t('minimum.flashHour') : undefined}
                          error={errors[`minimum_rates.${index}.hour`]}
                          decimalScale={2}
                          clampBehavior="none"
                          hideControls
                          data-testid={`minimum-hour-${row.translation_type_id}`}
                        />
                      </Table.Td>
                      <Table.Td miw={116}>
                        <LocalizedNumberInput
                          aria-label={t('minimum.amountOf', { type: name })}
                          value={row.amount}
                          onChange={(value) => change(index, { amount: value })}
                          error={errors[`minimum_rates.${index}.amount`]}
                          decimalScale={2}
                          clampBehavior="none"
                          hideControls
                          euros
                          data-testid={`minimum-amount-${row.translation_type_id}`}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        {other.length ? (
          <Text c="red.8" size="sm" role="alert">
            {joinedMessages(other)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={saveCustomer.isPending || saveGeneral.isPending}
            data-testid="minimum-save"
          >
            {t('minimum.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Loads the minimum rates, then the form (its fields start from what is stored). */
export function MinimumRatesSection({
  customerId,
  data,
  loading,
}: {
  customerId: number | null;
  data: MinimumRatesFormProps['initial'] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('rates');
  if (!data)
    return loading ? (
      <Center py="md" role="status" aria-label={t('states.loading', { ns: 'common' })}>
        <Loader size="sm" />
      </Center>
    ) : null;
  return <MinimumRatesForm key={customerId ?? 'general'} customerId={customerId} initial={data} />;
}
