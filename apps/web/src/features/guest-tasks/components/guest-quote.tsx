import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import type { GuestTask } from '@verba/contracts';
import { DetailList } from '../../../components/detail-list.tsx';
import { DateText, Money, NumberText } from '../../../components/money.tsx';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';
import { submitGatewayForm } from '../../tasks/index.ts';
import { startGuestPayment } from '../api/start-guest-payment.ts';
import { GuestTranslations } from './guest-translations.tsx';

/** The guest's temporary task: what was asked, the words, the price, and the card payment. */
export function GuestQuote({ task }: { task: GuestTask }) {
  const { t } = useTranslation('quotes');
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const languageName = (id: number) => task.target_languages.find((l) => l.id === id)?.name ?? '';
  // Once paid the quote no longer expires, and its due date is no longer "if paid today".
  const quoting = task.state === 'TEMPORAL' || task.state === 'CALCULATING';

  const pay = async () => {
    setPaying(true);
    setPayError(null);
    try {
      const started = await startGuestPayment(task.id);
      if (started.form) return submitGatewayForm(started.form);
      setPaying(false);
    } catch {
      setPaying(false);
      setPayError(t('guest.payError'));
    }
  };

  return (
    <Stack gap="lg" data-testid="guest-quote">
      {task.state === 'DONE' && task.translations.length > 0 ? <GuestTranslations task={task} /> : null}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" mb="md">
          <Title order={2} fz="lg">
            {t('guest.request')}
          </Title>
          <Badge variant="light" data-testid="guest-task-state">
            {t(`guest.states.${task.state}`, { defaultValue: task.state })}
          </Badge>
        </Group>
        <DetailList
          items={[
            { label: t('guest.description'), value: task.description },
            { label: t('guest.code'), value: task.code },
            { label: t('guest.created'), value: <DateText value={task.created_at} /> },
            {
              label: t(quoting ? 'guest.due' : 'guest.dueDate'),
              value: task.due_date ? <DateText value={task.due_date} /> : t('guest.dueUnknown'),
              testId: 'guest-task-due',
            },
            { label: t('guest.source'), value: task.source_language.name },
            { label: t('guest.targets'), value: task.target_languages.map((l) => l.name).join(', ') },
            { label: t('guest.comments'), value: task.comments ?? '—' },
            ...(quoting ? [{ label: t('guest.expires'), value: <DateText value={task.expires_at} /> }] : []),
          ]}
        />
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="md">
          {t('guest.files')}
        </Title>
        <TableScrollRegion label={t('guest.files')}>
          <Table striped data-testid="guest-task-files">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('guest.file')}</Table.Th>
                <Table.Th>{t('guest.language')}</Table.Th>
                <Table.Th ta="right">{t('guest.words')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {task.files.flatMap((file) =>
                (file.words.length ? file.words : [{ language_id: 0, total_words: 0 }]).map((w) => (
                  <Table.Tr key={`${file.file_name}-${w.language_id}`}>
                    <Table.Td>{file.file_name}</Table.Td>
                    <Table.Td>{w.language_id ? languageName(w.language_id) : '—'}</Table.Td>
                    <Table.Td ta="right">
                      {task.state === 'CALCULATING' ? '…' : <NumberText value={w.total_words} />}
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="md">
          {t('guest.price')}
        </Title>
        {task.state === 'CALCULATING' ? (
          <Alert color="blue" data-testid="guest-task-calculating">
            {t('guest.calculating')}
          </Alert>
        ) : task.price_to_be_confirmed ? (
          <Alert color="yellow" data-testid="guest-task-to-confirm">
            {t('guest.toConfirm')}
          </Alert>
        ) : (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text>{t('guest.base')}</Text>
              <Money amount={task.base_price} />
            </Group>
            <Group justify="space-between">
              <Text>{task.tax_name ? `${task.tax_name} (${task.tax_percentage} %)` : t('guest.noTax')}</Text>
              <Money amount={task.price_taxes} />
            </Group>
            <Group justify="space-between" fw={700} data-testid="guest-task-total">
              <Text fw={700}>{t('guest.total')}</Text>
              <Money amount={task.taxed_price} />
            </Group>
          </Stack>
        )}
        {task.can_pay ? (
          <Group justify="flex-end" mt="md">
            <Button
              leftSection={<IconCreditCard size={18} aria-hidden />}
              loading={paying}
              onClick={() => void pay()}
              data-testid="guest-task-pay"
            >
              {t('guest.pay')}
            </Button>
          </Group>
        ) : null}
        {payError ? (
          <Text c="red.8" size="sm" role="alert" mt="xs">
            {payError}
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}
