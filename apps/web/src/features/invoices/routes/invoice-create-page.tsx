import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import {
  Alert,
  Button,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { compareMoney, invoiceTotals, madridDateOf } from '@verba/contracts/pricing';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Money } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import {
  type FieldErrors,
  serverFieldErrors,
  translatedMessage,
  unplacedErrors,
  validationMessage,
} from '../../../components/form-errors.ts';
import { LocalizedDateInput } from '../../../components/localized-date-input.tsx';
import { LocalizedNumberInput } from '../../../components/localized-number-input.tsx';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatEuros } from '../../../lib/format.ts';
import { useCustomerOptions } from '../../customers/index.ts';
import type { InvoiceDraft } from '@verba/contracts';
import { useInvoiceDraft } from '../api/get-invoice-draft.ts';
import { useIssueInvoice } from '../api/issue-invoice.ts';
import { InvoiceInformation, type InformationValues } from '../components/invoice-information.tsx';
import { TaskPicker } from '../components/task-picker.tsx';

const INFO_FIELDS = [
  'enterprise',
  'tin',
  'address',
  'address_2',
  'town',
  'province',
  'postal_code',
  'country_id',
  'phone',
  'email',
];

const informationOf = (d: InvoiceDraft): InformationValues => ({
  enterprise: d.information.enterprise,
  tin: d.information.tin ?? '',
  address: d.information.address ?? '',
  address_2: d.information.address_2 ?? '',
  town: d.information.town ?? '',
  province: d.information.province ?? '',
  postal_code: d.information.postal_code ?? '',
  country_id: String(d.information.country_id),
  phone: d.information.phone ?? '',
  email: d.information.email ?? '',
});

/** /invoices/create: customer → its tasks → invoice information, tax and date; then issue. */
export default function InvoiceCreatePage() {
  const { t } = useTranslation('invoices');
  const locale = useUiLocale();
  const navigate = useNavigate();
  const customers = useCustomerOptions(true);
  const [step, setStep] = useState(0);
  const [customerId, setCustomerId] = useState<number | null>(null);
  const draft = useInvoiceDraft(customerId);
  const [selected, setSelected] = useState<number[]>([]);
  const [info, setInfo] = useState<InformationValues | null>(null);
  const [tax, setTax] = useState<'IVA' | 'NONE'>('IVA');
  const [issuedAt, setIssuedAt] = useState(() => madridDateOf(new Date()));
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const issue = useIssueInvoice();

  // A new customer: its own tasks, information and tax option.
  useEffect(() => {
    if (!draft.data) return;
    setSelected([]);
    setInfo(informationOf(draft.data));
    setTax(draft.data.default_tax);
  }, [draft.data]);

  const chosen = (draft.data?.tasks ?? []).filter((task) => selected.includes(task.id));
  const rate = tax === 'IVA' ? (draft.data?.iva_percentage ?? '21.00') : '0';
  const totals = useMemo(
    () =>
      invoiceTotals(
        chosen.map((task) => task.amount),
        rate,
      ),
    [chosen, rate],
  );
  useEffect(() => setAmount(totals.total), [totals.total]);
  const amountMatches =
    /^-?\d+(\.\d{1,2})?$/.test(amount.trim()) && compareMoney(amount.trim(), totals.total) === 0;

  const next = () => {
    if (step === 0 && customerId === null)
      return setErrors({ customer_id: validationMessage('validation.invoices.customer_required') });
    if (step === 1 && selected.length === 0)
      return setErrors({ task_ids: validationMessage('validation.invoices.tasks_required') });
    setErrors({});
    setStep(step + 1);
  };

  const submit = () => {
    if (!info || customerId === null) return;
    if (!amountMatches)
      return setErrors({
        amount: translatedMessage('invoices', 'create.amountMismatch', { amount: totals.total }),
      });
    issue.mutate(
      {
        customer_id: customerId,
        task_ids: selected,
        tax,
        amount: amount.trim(),
        issued_at: issuedAt,
        ...info,
        country_id: Number(info.country_id),
      },
      {
        onSuccess: (invoice) => {
          notifications.show({
            color: 'green',
            title: t('create.doneTitle'),
            message: t('create.done', { folio: invoice.folio }),
          });
          navigate(`/invoices/${invoice.id}`, { replace: true });
        },
        onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
      },
    );
  };

  const stray = unplacedErrors(errors, [...INFO_FIELDS, 'amount', 'issued_at', 'tax']);

  return (
    <div data-testid="invoice-create-page">
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stepper
          active={step}
          onStepClick={(s) => s < step && setStep(s)}
          size="sm"
          allowNextStepsSelect={false}
        >
          <Stepper.Step label={t('create.step1')} description={t('create.step1Hint')}>
            <Select
              mt="md"
              label={t('filters.customer')}
              placeholder={t('create.pickCustomer')}
              data={(customers.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={customerId ? String(customerId) : null}
              onChange={(value) => {
                setCustomerId(value ? Number(value) : null);
                setErrors({});
              }}
              searchable
              error={errors.customer_id}
              data-testid="invoice-customer"
              maw={420}
            />
          </Stepper.Step>
          <Stepper.Step label={t('create.step2')} description={t('create.step2Hint')}>
            {draft.isPending ? (
              <PageLoader />
            ) : draft.data && draft.data.tasks.length === 0 ? (
              <EmptyState
                icon={<IconAlertCircle size={30} aria-hidden />}
                title={t('create.noTasksTitle')}
                description={t('create.noTasks')}
                headingLevel={3}
              />
            ) : (
              <Stack gap="sm" mt="md">
                <TaskPicker
                  tasks={draft.data?.tasks ?? []}
                  selected={selected}
                  onChange={(ids) => {
                    setSelected(ids);
                    setErrors({});
                  }}
                />
                <Group justify="flex-end" gap="xs">
                  <Text size="sm" c="gray.7">
                    {t('create.selectedSum', { count: selected.length })}
                  </Text>
                  <Text fw={700} data-testid="invoice-selected-base">
                    <Money amount={totals.base} />
                  </Text>
                </Group>
                {errors.task_ids ? (
                  <Text c="red.8" size="sm" role="alert">
                    {errors.task_ids}
                  </Text>
                ) : null}
              </Stack>
            )}
          </Stepper.Step>
          <Stepper.Step label={t('create.step3')} description={t('create.step3Hint')}>
            {info ? (
              <Stack gap="lg" mt="md">
                <InvoiceInformation values={info} onChange={setInfo} errors={errors} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Radio.Group
                    label={t('create.tax')}
                    value={tax}
                    onChange={(v) => setTax(v === 'NONE' ? 'NONE' : 'IVA')}
                    error={errors.tax}
                  >
                    <Group mt="xs">
                      <Radio
                        value="IVA"
                        label={t('create.taxIva', { percent: Number(draft.data?.iva_percentage ?? 21) })}
                        data-testid="invoice-tax-iva"
                      />
                      <Radio value="NONE" label={t('create.taxNone')} data-testid="invoice-tax-none" />
                    </Group>
                  </Radio.Group>
                  <LocalizedDateInput
                    label={t('create.issuedAt')}
                    required
                    value={issuedAt}
                    onChange={setIssuedAt}
                    error={errors.issued_at}
                    testId="invoice-issued-at"
                  />
                </SimpleGrid>
                <Table withTableBorder maw={420} ml="auto" data-testid="invoice-totals">
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Th scope="row">{t('detail.base')}</Table.Th>
                      <Table.Td ta="right">
                        <Money amount={totals.base} />
                      </Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th scope="row">
                        {tax === 'IVA' ? t('detail.tax', { percent: Number(rate) }) : t('detail.noTax')}
                      </Table.Th>
                      <Table.Td ta="right">
                        <Money amount={totals.tax} />
                      </Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th scope="row">{t('detail.total')}</Table.Th>
                      <Table.Td ta="right" fw={700}>
                        <Money amount={totals.total} />
                      </Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
                <LocalizedNumberInput
                  label={t('create.amount')}
                  description={t('create.amountHint')}
                  value={amount}
                  // Kept as the API's decimal string ('.' separator), whatever the reader's format.
                  onChange={(value) => setAmount(String(value))}
                  error={
                    errors.amount ??
                    (amountMatches
                      ? undefined
                      : t('create.amountMismatch', { amount: formatEuros(totals.total, locale) }))
                  }
                  decimalScale={2}
                  hideControls
                  maw={240}
                  ml="auto"
                  data-testid="invoice-amount"
                />
                {stray.length ? (
                  <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                    {stray.map((message, i) => (
                      <div key={i}>{message}</div>
                    ))}
                  </Alert>
                ) : null}
              </Stack>
            ) : null}
          </Stepper.Step>
        </Stepper>
        <Group justify="space-between" mt="xl">
          <Button variant="default" onClick={() => (step === 0 ? navigate('/invoices') : setStep(step - 1))}>
            {step === 0 ? t('create.cancel') : t('create.back')}
          </Button>
          {step < 2 ? (
            <Button
              onClick={next}
              disabled={step === 1 && !draft.data?.tasks.length}
              data-testid="invoice-next"
            >
              {t('create.next')}
            </Button>
          ) : (
            <Button
              onClick={submit}
              loading={issue.isPending}
              disabled={!amountMatches}
              data-testid="invoice-issue"
            >
              {t('create.issue')}
            </Button>
          )}
        </Group>
      </Paper>
    </div>
  );
}
