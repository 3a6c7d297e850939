import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Badge, Button, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { LocalizedNumberInput } from '../../../components/localized-number-input.tsx';
import { payableGridBody, type PayableGridDto as PayableGridAnswer } from '@verba/contracts';
import { PRICE_LINES } from '@verba/contracts/pricing';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import formClasses from '../../../components/forms.module.css';
import { usePayableGrid } from '../api/get-payable-grid.ts';
import { useResetPayableGrid } from '../api/reset-payable-grid.ts';
import { useSavePayableGrid } from '../api/save-payable-grid.ts';

interface GridFormProps {
  customerId: number | null;
  answer: PayableGridAnswer;
  canManage: boolean;
}

/** The payable % of the per-word price for each match band (0 to 999.99, 2 decimals). */
function GridForm({ customerId, answer, canManage }: GridFormProps) {
  const { t } = useTranslation(['rates', 'tasks']);
  const save = useSavePayableGrid(customerId);
  const reset = useResetPayableGrid(customerId ?? 0);
  const [values, setValues] = useState<Record<string, string | number>>(answer.grid);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = payableGridBody.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () =>
        notifications.show({ color: 'green', title: t('grid.doneTitle'), message: t('grid.done') }),
      onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
    });
  };

  return (
    <form className={formClasses.form} onSubmit={submit} noValidate data-testid="payable-grid-form">
      <Stack gap="md">
        {customerId !== null ? (
          <Badge
            variant="dot"
            c="dark.7"
            color={answer.custom ? 'ink' : 'gray'}
            data-testid="payable-grid-origin"
          >
            {answer.custom ? t('grid.own') : t('grid.usesGlobal')}
          </Badge>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {PRICE_LINES.map((band) => (
            <LocalizedNumberInput
              key={band.band}
              label={t(`bands.${band.key}`, { ns: 'tasks' })}
              value={values[band.band]}
              onChange={(value) => setValues((current) => ({ ...current, [band.band]: value }))}
              error={errors[band.band]}
              readOnly={!canManage}
              decimalScale={2}
              clampBehavior="none"
              suffix=" %"
              data-testid={`grid-${band.band}`}
            />
          ))}
        </SimpleGrid>
        {canManage ? (
          <Group justify="flex-end" gap="sm">
            {customerId !== null && answer.custom ? (
              <Button
                variant="default"
                loading={reset.isPending}
                onClick={() =>
                  reset.mutate(undefined, {
                    onSuccess: () =>
                      notifications.show({
                        color: 'green',
                        title: t('grid.doneTitle'),
                        message: t('grid.resetDone'),
                      }),
                  })
                }
                data-testid="payable-grid-reset"
              >
                {t('grid.reset')}
              </Button>
            ) : null}
            <Button type="submit" loading={save.isPending} data-testid="payable-grid-save">
              {customerId === null || answer.custom ? t('grid.save') : t('grid.saveOwn')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            {t('grid.readOnly')}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** The global payable grid (`customerId` null) or a customer's, loaded then editable by VERBA_ADMIN. */
export function PayableGridEditor({
  customerId,
  canManage,
}: {
  customerId: number | null;
  canManage: boolean;
}) {
  const { t } = useTranslation('rates');
  const query = usePayableGrid(customerId);
  if (!query.data)
    return query.isPending ? (
      <Center py="md" role="status" aria-label={t('states.loading', { ns: 'common' })}>
        <Loader size="sm" />
      </Center>
    ) : null;
  // a new form when the grid behind it changes (saved, or back to the global one)
  const version = `${query.data.custom}-${Object.values(query.data.grid).join('|')}`;
  return <GridForm key={version} customerId={customerId} answer={query.data} canManage={canManage} />;
}
