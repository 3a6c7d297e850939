import { useTranslation } from 'react-i18next';
import { Badge, Button, Code, Stack, Table, Text } from '@mantine/core';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeliveries } from '../api/get-deliveries.ts';
import { useResendDelivery } from '../api/resend-delivery.ts';

const STATUS_COLOR = { pending: 'yellow', delivered: 'green', failed: 'red' } as const;

/** An endpoint's latest deliveries, each attempt's answer, and sending one again. */
export function Deliveries({ webhookId }: { webhookId: number }) {
  const { t } = useTranslation('integrations');
  const locale = useUiLocale();
  const deliveries = useDeliveries(webhookId);
  const resend = useResendDelivery();
  if (!deliveries.data?.length) return <Text size="sm">{t('deliveries.none')}</Text>;
  return (
    <Table striped data-testid={`deliveries-${webhookId}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('deliveries.event')}</Table.Th>
          <Table.Th>{t('deliveries.status')}</Table.Th>
          <Table.Th>{t('deliveries.attempts')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deliveries.data.map((delivery) => (
          <Table.Tr key={delivery.id}>
            <Table.Td>
              <Text size="sm">{delivery.type}</Text>
              <Text size="xs" c="gray.7">
                {formatDateTime(delivery.created_at, locale)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[delivery.status]}>
                {t(`deliveries.statuses.${delivery.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                {delivery.attempts.map((attempt, i) => (
                  <Text size="xs" key={i}>
                    {formatDateTime(attempt.started_at, locale)} · {attempt.status_code ?? attempt.error} ·{' '}
                    {t('deliveries.duration', { ms: attempt.duration_ms })}
                    {attempt.response ? <Code>{attempt.response.slice(0, 120)}</Code> : null}
                  </Text>
                ))}
              </Stack>
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="light"
                loading={resend.isPending && resend.variables?.deliveryId === delivery.id}
                onClick={() => resend.mutate({ id: webhookId, deliveryId: delivery.id })}
              >
                {t('deliveries.resend')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
