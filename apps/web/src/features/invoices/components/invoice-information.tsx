import { useTranslation } from 'react-i18next';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { FieldErrors } from '../../../components/form-errors.ts';
import { useCountries } from '../../customers/index.ts';

export interface InformationValues {
  enterprise: string;
  tin: string;
  address: string;
  address_2: string;
  town: string;
  province: string;
  postal_code: string;
  country_id: string;
  phone: string;
  email: string;
}

const TEXT_FIELDS = [
  'enterprise',
  'tin',
  'address',
  'address_2',
  'town',
  'province',
  'postal_code',
  'phone',
  'email',
] as const;

/** Step 3's invoice information (spec part 1 §3), pre-filled from the customer and editable. */
export function InvoiceInformation({
  values,
  onChange,
  errors,
}: {
  values: InformationValues;
  onChange: (values: InformationValues) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation('invoices');
  const countries = useCountries();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {TEXT_FIELDS.map((field) => (
        <TextInput
          key={field}
          label={t(`information.${field}`)}
          required={field === 'enterprise'}
          type={field === 'email' ? 'email' : 'text'}
          value={values[field]}
          onChange={(event) => onChange({ ...values, [field]: event.currentTarget.value })}
          error={errors[field]}
          data-testid={`invoice-${field}`}
        />
      ))}
      <Select
        label={t('information.country')}
        required
        searchable
        data={(countries.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={values.country_id || null}
        onChange={(value) => onChange({ ...values, country_id: value ?? '' })}
        error={errors.country_id}
        data-testid="invoice-country"
      />
    </SimpleGrid>
  );
}
