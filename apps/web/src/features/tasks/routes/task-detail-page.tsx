import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '@verba/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { DetailList } from '../../../components/detail-list.tsx';
import { modals } from '../../../components/modals/modal-store.ts';
import { DateText, Money } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatDateTime, formatEuros } from '../../../lib/format.ts';
import { userCan } from '../../../lib/permissions.ts';
import { useEffectiveLocale } from '../../../lib/locale.ts';
import { useDeleteOtherConceptMutation, useValidateSourceFilesMutation } from '../api/task-mutations.ts';
import { useTask } from '../api/tasks-queries.ts';
import type { OtherConcept, TaskDetail } from '../api/types.ts';
import { OtherConceptModal } from '../components/detail/other-concept-modal.tsx';
import { PaymentModal } from '../components/detail/payment-modal.tsx';
import { SourceFilesTable } from '../components/detail/source-files.tsx';
import { AmountToPayForm, DaysToAddForm } from '../components/detail/staff-forms.tsx';
import { TaskActions } from '../components/detail/task-actions.tsx';
import { Section } from '../components/section.tsx';
import { TaskStateBadge } from '../components/task-state-badge.tsx';
import { InvoiceFolio } from '../components/invoice-folio.tsx';
import { useNumber } from '../lib/use-number.ts';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';

const hidden = { position: 'absolute', left: -10000 } as const;
const DARK_TITLE = { title: { color: 'var(--mantine-color-dark-7)' } };

export default function TaskDetailPage() {
  const id = Number(useParams().id);
  const task = useTask(id);
  const user = useAuthStore((state) => state.user);
  if (!task.data || !user) return <PageLoader />;
  const staff = user.type === 'VERBA_ADMIN' || user.type === 'VERBA_PM';
  return <TaskDetailView task={task.data} staff={staff} />;
}

function TaskDetailView({ task, staff }: { task: TaskDetail; staff: boolean }) {
  const { t } = useTranslation('tasks');
  const locale = useEffectiveLocale();
  const number = useNumber();
  const user = useAuthStore((state) => state.user)!;
  const [concept, setConcept] = useState<OtherConcept | null | undefined>(undefined);
  const [paying, setPaying] = useState(false);
  const validate = useValidateSourceFilesMutation();
  const removeConcept = useDeleteOtherConceptMutation();
  const calculating = task.state === 'CALCULATING';
  const failed = task.source_files.filter((file) => file.error);
  const manageConcepts = userCan(user, 'other-concepts:manage');
  const money = (value: string | null | undefined) =>
    value === null || value === undefined ? '—' : <Money amount={value} />;
  const requester = task.user ? `${task.user.name} ${task.user.lastname}` : '—';
  // Lines the portal wrote (card, balance) are translated; a method typed by staff shows as typed.
  const paymentMethod = (type: string) =>
    (Object.values(PAYMENT_METHODS) as string[]).includes(type) ? t(`detail.payments.methods.${type}`) : type;

  return (
    <div data-testid="task-detail-page">
      <PageHeader
        title={task.description}
        description={t('detail.subtitle', { code: task.code || task.id })}
        actions={<TaskActions task={task} />}
      />
      <Stack gap="lg">
        <Group gap="sm">
          <TaskStateBadge state={task.state} />
          {task.custom_quote ? (
            <Badge variant="outline" radius="sm">
              {t('detail.customQuote')}
            </Badge>
          ) : null}
        </Group>

        {calculating ? (
          <Alert
            color="cyan"
            icon={<Loader size="sm" aria-hidden />}
            title={t('detail.analysis.title')}
            data-testid="analysis-progress"
            styles={DARK_TITLE}
          >
            <Stack gap="xs">
              <Text size="sm" role="status">
                {t('detail.analysis.body', { count: task.source_files.length })}
              </Text>
              <Progress value={100} animated striped aria-label={t('detail.analysis.title')} />
            </Stack>
          </Alert>
        ) : null}
        {!calculating && (failed.length > 0 || task.analysis_error) ? (
          <Alert
            color="orange"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('detail.analysis.failedTitle')}
            data-testid="analysis-failed"
            styles={DARK_TITLE}
          >
            {failed.length > 0
              ? t('detail.analysis.failedBody', { names: failed.map((file) => file.file_name).join(', ') })
              : t(task.analysis_error ?? '', { defaultValue: t('analysis.errors.internal') })}
          </Alert>
        ) : null}

        <Section title={t('detail.general.title')} help="projectName" testId="section-general">
          <DetailList
            items={[
              { label: t('detail.general.name'), value: task.description },
              { label: t('detail.general.code'), value: task.code || String(task.id) },
              ...(staff
                ? [
                    {
                      label: t('detail.general.customer'),
                      value: task.customer?.name ?? t('list.guest'),
                      testId: 'task-customer',
                    },
                  ]
                : []),
              { label: t('detail.general.department'), value: task.department?.title ?? '—' },
              { label: t('detail.general.requestedBy'), value: requester },
              { label: t('detail.general.created'), value: formatDateTime(task.created_at, locale) },
              { label: t('detail.general.review'), value: task.review ? t('yes') : t('no') },
              {
                label: t('detail.general.invoice'),
                value: (
                  <InvoiceFolio
                    folio={task.invoice?.folio}
                    tag={task.invoice?.tag}
                    empty={t('detail.general.noInvoice')}
                  />
                ),
              },
              { label: t('detail.general.comments'), value: task.comments || '—' },
            ]}
          />
        </Section>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section title={t('detail.languages.title')} help="languages" testId="section-languages">
            <Stack gap="xs">
              <Text size="sm" c="gray.7">
                {t('detail.languages.from')}
              </Text>
              <Text fw={600}>{task.source_language.name}</Text>
              <Text size="sm" c="gray.7">
                {t('detail.languages.to')}
              </Text>
              <Group gap="xs">
                {task.target_languages.map((target) => (
                  <Badge
                    key={target.target_language_id}
                    variant="light"
                    styles={{ label: { color: 'var(--mantine-color-ink-9)' } }}
                    radius="sm"
                    size="lg"
                  >
                    {target.target_language.name}
                  </Badge>
                ))}
              </Group>
            </Stack>
          </Section>
          <Section title={t('detail.type.title')} help="translationTypes" testId="section-type">
            <Text fw={600}>{task.translation_type.name}</Text>
            {task.translation_type.description ? (
              <Text size="sm" c="gray.7" mt={4}>
                {task.translation_type.description}
              </Text>
            ) : null}
          </Section>
        </SimpleGrid>

        <Section
          title={t('detail.files.title')}
          help="sourceFiles"
          testId="section-files"
          actions={
            staff && task.custom_quote ? (
              <Checkbox
                label={t('detail.files.validated')}
                checked={task.source_files_validated}
                disabled={validate.isPending}
                onChange={(event) => validate.mutate({ id: task.id, validated: event.currentTarget.checked })}
                data-testid="validate-source-files"
              />
            ) : task.custom_quote ? (
              <Badge
                variant="light"
                color={task.source_files_validated ? 'green' : 'yellow'}
                styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
                radius="sm"
              >
                {task.source_files_validated
                  ? t('detail.files.validatedBadge')
                  : task.source_files_validation_requested
                    ? t('detail.files.requestedBadge')
                    : t('detail.files.pendingBadge')}
              </Badge>
            ) : null
          }
        >
          <SourceFilesTable task={task} staff={staff} />
          <Group justify="space-between" mt="md" gap="sm">
            <Text fw={600} data-testid="total-words">
              {t('detail.files.totalTranslation')}: {calculating ? '…' : number(task.word_count)}
            </Text>
            {!calculating && task.quoted_at ? (
              <Anchor component={Link} to={`/tasks/${task.id}/quote`} data-testid="quote-link" fw={600}>
                <Group gap={4} component="span">
                  {t('detail.files.quoteLink')}
                  <IconArrowRight size={16} aria-hidden />
                </Group>
              </Anchor>
            ) : null}
          </Group>
        </Section>

        {task.other_concepts.length > 0 || manageConcepts ? (
          <Section
            title={t('detail.concepts.title')}
            help="otherConcepts"
            testId="section-concepts"
            actions={
              manageConcepts ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setConcept(null)}
                  data-testid="add-concept"
                >
                  {t('detail.concepts.add')}
                </Button>
              ) : null
            }
          >
            {task.other_concepts.length === 0 ? (
              <Text size="sm" c="gray.7">
                {t('detail.concepts.empty')}
              </Text>
            ) : (
              <TableScrollRegion label={t('detail.concepts.title')}>
                <Table data-testid="concepts-table">
                  <caption style={hidden}>{t('detail.concepts.title')}</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('detail.concepts.concept')}</Table.Th>
                      <Table.Th scope="col" visibleFrom="sm">
                        {t('detail.concepts.unit')}
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        {t('detail.concepts.quantity')}
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        {t('detail.concepts.price')}
                      </Table.Th>
                      {manageConcepts ? (
                        <Table.Th scope="col">
                          <span style={hidden}>{t('detail.files.actions')}</span>
                        </Table.Th>
                      ) : null}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {task.other_concepts.map((item) => (
                      <Table.Tr key={item.id}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {item.concept}
                          </Text>
                          {item.description ? (
                            <Text size="xs" c="gray.7">
                              {item.description}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td visibleFrom="sm">{item.unit || '—'}</Table.Td>
                        <Table.Td ta="right">{item.quantity}</Table.Td>
                        <Table.Td ta="right">
                          <Money amount={item.price} />
                        </Table.Td>
                        {manageConcepts ? (
                          <Table.Td>
                            <Group gap={4} wrap="nowrap" justify="flex-end">
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('detail.concepts.edit', { name: item.concept })}
                                onClick={() => setConcept(item)}
                              >
                                <IconEdit size={16} aria-hidden />
                              </ActionIcon>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('detail.concepts.delete', { name: item.concept })}
                                onClick={() =>
                                  modals.open('confirm', {
                                    title: t('detail.concepts.deleteTitle'),
                                    message: t('detail.concepts.deleteMessage', { name: item.concept }),
                                    danger: true,
                                    onConfirm: () => removeConcept.mutate(item.id),
                                  })
                                }
                              >
                                <IconTrash size={16} aria-hidden />
                              </ActionIcon>
                            </Group>
                          </Table.Td>
                        ) : null}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScrollRegion>
            )}
          </Section>
        ) : null}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
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
                value={money(task.taxed_price)}
                testId="taxed-price"
              />
              {task.amount_to_pay !== null ? (
                <TotalRow label={t('detail.totals.amountToPay')} value={money(task.amount_to_pay)} />
              ) : null}
              {userCan(user, 'tasks:amount-to-pay') ? (
                <AmountToPayForm key={task.amount_to_pay} task={task} />
              ) : null}
            </Stack>
          </Section>
          <Section title={t('detail.delivery.title')} help="deliveryDate" testId="section-delivery">
            <Stack gap="md">
              <Text fz="xl" fw={700} data-testid="due-date">
                {task.due_date ? <DateText value={task.due_date} /> : t('detail.delivery.pending')}
              </Text>
              <Text size="sm" c="gray.7">
                {t('detail.delivery.note')}
              </Text>
              {userCan(user, 'tasks:days-to-add') ? (
                <DaysToAddForm key={task.days_to_add} task={task} />
              ) : null}
            </Stack>
          </Section>
        </SimpleGrid>

        {userCan(user, 'payments:view') || userCan(user, 'payments:add') || task.payments.length > 0 ? (
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
            <Group justify="space-between" mt="md">
              <Text fw={600}>{t('detail.payments.outstanding')}</Text>
              <Text fw={700} data-testid="outstanding-balance">
                {money(task.outstanding_balance ?? '0')}
              </Text>
            </Group>
          </Section>
        ) : null}

        <Section title={t('detail.history.title')} help="history" testId="section-history">
          {task.changes.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t('detail.history.empty')}
            </Text>
          ) : (
            <Timeline bulletSize={14} lineWidth={2} active={task.changes.length}>
              {task.changes.map((change, index) => (
                <Timeline.Item
                  key={`${change.created_at}-${index}`}
                  title={
                    change.from_state
                      ? t('detail.history.move', {
                          from: t(`states.${change.from_state}`),
                          to: t(`states.${change.to_state}`),
                        })
                      : t(`states.${change.to_state}`)
                  }
                >
                  <Text size="xs" c="gray.7">
                    {formatDateTime(change.created_at, locale)}
                    {change.user_name ? ` · ${change.user_name} ${change.user_lastname ?? ''}` : ''}
                  </Text>
                  {change.reason ? (
                    <Text size="sm">{t(`detail.history.reasons.${change.reason}`)}</Text>
                  ) : null}
                  {change.note ? <Text size="sm">{change.note}</Text> : null}
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Section>
        <Group>
          <Button variant="subtle" component={Link} to="/tasks">
            {t('detail.back')}
          </Button>
        </Group>
      </Stack>
      {concept !== undefined ? (
        <OtherConceptModal taskId={task.id} concept={concept} onClose={() => setConcept(undefined)} />
      ) : null}
      {paying ? <PaymentModal taskId={task.id} onClose={() => setPaying(false)} /> : null}
    </div>
  );
}

function TotalRow({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" data-testid={testId}>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}
