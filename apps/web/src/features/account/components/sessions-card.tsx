import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { useEndOtherSessionsMutation } from '../api/end-other-sessions.ts';
import { useEndSessionMutation } from '../api/end-session.ts';
import { useSessions } from '../api/get-sessions.ts';

/** The user's own live sessions (device, IP, last seen); any but the current one can be ended. */
export function SessionsCard() {
  const { t } = useTranslation('account');
  const locale = useUiLocale();
  const sessions = useSessions();
  const endOne = useEndSessionMutation();
  const endOthers = useEndOtherSessionsMutation();
  const rows = sessions.data ?? [];
  const done = (result: { message: string }) =>
    notifications.show({ color: 'green', message: result.message });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="account-sessions">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {t('sessions.title')}
        </Title>
        <Button
          variant="light"
          color="red"
          disabled={rows.length < 2}
          loading={endOthers.isPending}
          onClick={() => endOthers.mutate(undefined, { onSuccess: done })}
          data-testid="end-other-sessions"
        >
          {t('sessions.endOthers')}
        </Button>
      </Group>
      <TableScrollRegion label={t('sessions.title')}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sessions.device')}</Table.Th>
              <Table.Th>{t('sessions.ip')}</Table.Th>
              <Table.Th>{t('sessions.lastSeen')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('sessions.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`session-${row.id}`}>
                <Table.Td>
                  <Text size="sm" lineClamp={2} maw={420}>
                    {row.user_agent || t('sessions.unknownDevice')}
                  </Text>
                </Table.Td>
                <Table.Td>{row.ip ?? '—'}</Table.Td>
                <Table.Td>{formatDateTime(row.last_seen_at, locale)}</Table.Td>
                <Table.Td>
                  {row.current ? (
                    <Badge variant="light">{t('sessions.current')}</Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={endOne.isPending && endOne.variables === row.id}
                      onClick={() => endOne.mutate(row.id, { onSuccess: done })}
                    >
                      {t('sessions.end')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </Paper>
  );
}
