import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { LocalizedNumberInput } from '../../../components/localized-number-input.tsx';
import { IconAlertCircle } from '@tabler/icons-react';
import { customerBody } from '@verba/contracts';
import {
  serverFieldErrors,
  joinedMessages,
  unplacedErrors,
  zodFieldErrors,
  type FieldErrors,
} from '../../../components/form-errors.ts';
import type { CustomerDetailDto as CustomerDetail } from '@verba/contracts';
import type { CustomerWrite } from '../api/create-customer.ts';
import { useCountries } from '../api/get-countries.ts';
import formClasses from '../../../components/forms.module.css';
import { useAuthStore } from '../../../lib/auth-store.ts';

const TEXT_FIELDS = [
  'name',
  'customer_number',
  'tin',
  'address',
  'address_2',
  'town',
  'province',
  'postal_code',
  'success_representative',
  'success_representative_email',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export interface CustomerFormValues extends Record<TextField, string> {
  country_id: string | null;
  payment_scheme: 'ON_DEMAND' | 'DEFERRED';
  is_active: boolean;
  show_rates: boolean;
  /** Its tasks need a PO number; only the provider's admin changes it (the API refuses anyone else). */
  po_required: boolean;
  discount_percentage: number | string;
}

export function initialCustomerValues(customer?: CustomerDetail): CustomerFormValues {
  const text = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, (customer?.[field] as string | null | undefined) ?? '']),
  ) as Record<TextField, string>;
  const discount = customer?.discount_percentage ?? customer?.discount ?? null;
  return {
    ...text,
    country_id: customer ? String(customer.country_id ?? customer.country?.id ?? '') || null : null,
    payment_scheme: customer?.payment_scheme ?? 'ON_DEMAND',
    is_active: customer?.is_active ?? true,
    show_rates: customer?.show_rates ?? false,
    po_required: customer?.po_required ?? false,
    discount_percentage: discount === null ? '' : Number(discount),
  };
}

interface CustomerFormProps {
  initial: CustomerFormValues;
  submitLabel: string;
  saving: boolean;
  onSubmit: (body: CustomerWrite, setErrors: (errors: FieldErrors) => void) => void;
  onCancel: () => void;
}

/** The customer's details; checked with the API's own schema before sending. */
export function CustomerForm({ initial, submitLabel, saving, onSubmit, onCancel }: CustomerFormProps) {
  const { t } = useTranslation('customers');
  const countries = useCountries();
  const admin = useAuthStore((state) => state.user?.type === 'VERBA_ADMIN');
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof CustomerFormValues>(key: K, value: CustomerFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customerBody.safeParse({
      ...values,
      country_id: values.country_id ?? undefined,
      discount_percentage: values.discount_percentage === '' ? null : values.discount_percentage,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    onSubmit(parsed.data, setErrors);
  };

  const text = (
    field: TextField,
    extra: { required?: boolean; type?: string; autoComplete?: string } = {},
  ) => (
    <TextInput
      label={t(`fields.${field}`)}
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      error={errors[field]}
      name={field}
      withAsterisk={extra.required}
      type={extra.type}
      autoComplete={extra.autoComplete ?? 'off'}
      data-testid={`customer-${field}`}
    />
  );

  const others = unplacedErrors(errors, [
    ...TEXT_FIELDS,
    'country_id',
    'payment_scheme',
    'discount_percentage',
  ]);

  return (
    <form className={formClasses.form} onSubmit={submit} noValidate data-testid="customer-form">
      <Stack gap="lg">
        {others.length ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {joinedMessages(others)}
          </Alert>
        ) : null}
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            {t('form.identity')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {text('name', { required: true, autoComplete: 'organization' })}
            {text('customer_number')}
            {text('tin')}
            <Select
              label={t('fields.country_id')}
              data={(countries.data ?? []).map((country) => ({
                value: String(country.id),
                label: country.name,
              }))}
              value={values.country_id}
              onChange={(value) => set('country_id', value)}
              error={errors.country_id}
              searchable
              withAsterisk
              nothingFoundMessage={t('form.noCountry')}
              disabled={countries.isPending}
              data-testid="customer-country"
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            {t('form.address')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {text('address')}
            {text('address_2')}
            {text('town')}
            {text('province')}
            {text('postal_code')}
          </SimpleGrid>
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            {t('form.commercial')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {text('success_representative')}
            {text('success_representative_email', { type: 'email' })}
            <Select
              label={t('fields.payment_scheme')}
              data={[
                { value: 'ON_DEMAND', label: t('paymentScheme.ON_DEMAND') },
                { value: 'DEFERRED', label: t('paymentScheme.DEFERRED') },
              ]}
              value={values.payment_scheme}
              onChange={(value) => set('payment_scheme', value === 'DEFERRED' ? 'DEFERRED' : 'ON_DEMAND')}
              allowDeselect={false}
              error={errors.payment_scheme}
              data-testid="customer-payment-scheme"
              comboboxProps={{ withinPortal: true }}
            />
            <LocalizedNumberInput
              label={t('fields.discount_percentage')}
              value={values.discount_percentage}
              onChange={(value) => set('discount_percentage', value)}
              min={0}
              max={100}
              decimalScale={2}
              suffix=" %"
              error={errors.discount_percentage}
              data-testid="customer-discount"
            />
          </SimpleGrid>
          <Group mt="lg" gap="xl">
            <Switch
              label={t('fields.is_active')}
              checked={values.is_active}
              onChange={(event) => set('is_active', event.currentTarget.checked)}
              data-testid="customer-active"
            />
            <Switch
              label={t('fields.show_rates')}
              checked={values.show_rates}
              onChange={(event) => set('show_rates', event.currentTarget.checked)}
              data-testid="customer-show-rates"
            />
            {admin ? (
              <Switch
                label={t('fields.po_required')}
                checked={values.po_required}
                onChange={(event) => set('po_required', event.currentTarget.checked)}
                data-testid="customer-po-required"
              />
            ) : null}
          </Group>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" loading={saving} data-testid="customer-save">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Sends the 422's per-field messages back into the form. */
export function applyServerErrors(error: unknown, setErrors: (errors: FieldErrors) => void): void {
  const fields = serverFieldErrors(error);
  if (fields) setErrors(fields);
}
