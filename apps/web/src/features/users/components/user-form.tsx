import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { LocalizedNumberInput } from '../../../components/localized-number-input.tsx';
import { IconAlertCircle } from '@tabler/icons-react';
import { LOCALES, userBody, type Locale, type Role } from '@verba/contracts';
import {
  serverFieldErrors,
  joinedMessages,
  unplacedErrors,
  zodFieldErrors,
  type FieldErrors,
} from '../../../components/form-errors.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useCustomer, useCustomerOptions } from '../../customers/index.ts';
import { useDepartments } from '../../departments/index.ts';
import type { UserDetailDto as UserDetail } from '@verba/contracts';
import type { UserWrite } from '../api/create-user.ts';
import { userFormRules } from './user-form-rules.ts';
import formClasses from '../../../components/forms.module.css';

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ca: 'Català' };

interface UserFormProps {
  existing?: UserDetail;
  /** Customer id when the admin came from a customer's page. */
  fromCustomer?: number;
  submitLabel: string;
  saving: boolean;
  onSubmit: (body: UserWrite, setErrors: (errors: FieldErrors) => void) => void;
  onCancel: () => void;
}

export function UserForm({ existing, fromCustomer, submitLabel, saving, onSubmit, onCancel }: UserFormProps) {
  const { t } = useTranslation('users');
  const me = useAuthStore((state) => state.user);
  const actor: Role = me?.type ?? 'CLIENT_USER';
  const rules = userFormRules({
    actor,
    fromCustomer: fromCustomer !== undefined,
    existingType: existing?.type,
    editingSelf: existing !== undefined && existing.id === me?.id,
  });
  const [values, setValues] = useState({
    name: existing?.name ?? '',
    lastname: existing?.lastname ?? '',
    email: existing?.email ?? '',
    phone: existing?.phone ?? '',
    type: (existing?.type ?? (rules.types.length === 1 ? rules.types[0] : null)) as Role | null,
    language: (existing?.language ?? 'en') as Locale,
    customer_id: existing?.customer_id
      ? String(existing.customer_id)
      : fromCustomer
        ? String(fromCustomer)
        : null,
    departments: (existing?.departments ?? []).map((department) => String(department.id)),
    bonus: existing?.bonus ? Number(existing.bonus) : ('' as number | string),
    is_active: existing?.is_active ?? true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const customers = useCustomerOptions(rules.showCustomer(values.type) || rules.showCustomer('CLIENT_ADMIN'));
  const departments = useDepartments(actor === 'CLIENT_ADMIN');
  const presetCustomer = useCustomer(fromCustomer ?? 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const type = values.type;
    const parsed = userBody.safeParse({
      name: values.name,
      lastname: values.lastname,
      email: values.email,
      phone: values.phone,
      type: type ?? undefined,
      language: values.language,
      customer_id: values.customer_id ? Number(values.customer_id) : null,
      departments: rules.showDepartments(type) ? values.departments.map(Number) : [],
      bonus: rules.showBonus(type) ? values.bonus : '',
      ...(rules.showActive ? { is_active: values.is_active } : {}),
      ...(fromCustomer !== undefined ? { from_customer: true } : {}),
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    onSubmit(parsed.data, (next) => setErrors(next));
  };

  const shown = [
    'name',
    'lastname',
    'email',
    'phone',
    'type',
    'language',
    'customer_id',
    'departments',
    'bonus',
  ];
  const others = unplacedErrors(errors, shown);
  const fixedCustomer = fromCustomer !== undefined ? (presetCustomer.data?.name ?? `#${fromCustomer}`) : null;
  return (
    <form className={formClasses.form} onSubmit={submit} noValidate data-testid="user-form">
      <Stack gap="lg">
        {others.length ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {joinedMessages(others)}
          </Alert>
        ) : null}
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.name')}
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={errors.name}
              withAsterisk
              autoComplete="off"
              data-testid="user-name"
            />
            <TextInput
              label={t('fields.lastname')}
              value={values.lastname}
              onChange={(event) => set('lastname', event.currentTarget.value)}
              error={errors.lastname}
              withAsterisk
              autoComplete="off"
              data-testid="user-lastname"
            />
            <TextInput
              label={t('fields.email')}
              type="email"
              value={values.email}
              onChange={(event) => set('email', event.currentTarget.value)}
              error={errors.email}
              withAsterisk
              autoComplete="off"
              data-testid="user-email"
            />
            <TextInput
              label={t('fields.phone')}
              type="tel"
              value={values.phone}
              onChange={(event) => set('phone', event.currentTarget.value)}
              error={errors.phone}
              autoComplete="off"
              data-testid="user-phone"
            />
            {rules.showType ? (
              <Select
                label={t('fields.type')}
                data={rules.types.map((type) => ({
                  value: type,
                  label: t(`roles.${type}`, { ns: 'common' }),
                }))}
                value={values.type}
                onChange={(value) => set('type', (value as Role | null) ?? null)}
                error={errors.type}
                withAsterisk
                allowDeselect={false}
                data-testid="user-type"
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
            <Select
              label={t('fields.language')}
              data={LOCALES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
              value={values.language}
              onChange={(value) => set('language', (value as Locale | null) ?? 'en')}
              error={errors.language}
              allowDeselect={false}
              data-testid="user-language"
              comboboxProps={{ withinPortal: true }}
            />
            {rules.showCustomer(values.type) ? (
              <Select
                label={t('fields.customer')}
                data={(customers.data?.data ?? []).map((customer) => ({
                  value: String(customer.id),
                  label: customer.name,
                }))}
                value={values.customer_id}
                onChange={(value) => set('customer_id', value)}
                error={errors.customer_id}
                withAsterisk
                searchable
                nothingFoundMessage={t('form.noCustomer')}
                data-testid="user-customer"
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
            {fixedCustomer ? (
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {t('fields.customer')}
                </Text>
                <Text data-testid="user-fixed-customer">{fixedCustomer}</Text>
                {errors.customer_id ? (
                  <Text size="xs" c="red.8">
                    {errors.customer_id}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
            {rules.showBonus(values.type) ? (
              <LocalizedNumberInput
                label={t('fields.bonus')}
                description={t('form.bonusHelp')}
                value={values.bonus}
                onChange={(value) => set('bonus', value)}
                decimalScale={2}
                min={0}
                max={999999.99}
                euros
                error={errors.bonus}
                data-testid="user-bonus"
              />
            ) : null}
          </SimpleGrid>
          {rules.showDepartments(values.type) ? (
            <MultiSelect
              mt="md"
              label={t('fields.departments')}
              description={t('form.departmentsHelp')}
              data={(departments.data ?? []).map((department) => ({
                value: String(department.id),
                label: department.title,
              }))}
              value={values.departments}
              onChange={(value) => set('departments', value)}
              error={errors.departments}
              searchable
              clearable
              nothingFoundMessage={t('form.noDepartment')}
              data-testid="user-departments"
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          {rules.showActive ? (
            <Switch
              mt="lg"
              label={t('fields.is_active')}
              checked={values.is_active}
              onChange={(event) => set('is_active', event.currentTarget.checked)}
              data-testid="user-active"
            />
          ) : null}
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" loading={saving} data-testid="user-save">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function applyServerErrors(error: unknown, setErrors: (errors: FieldErrors) => void): void {
  const fields = serverFieldErrors(error);
  if (fields) setErrors(fields);
}
