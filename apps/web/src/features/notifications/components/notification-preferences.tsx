import { useTranslation } from 'react-i18next';
import { Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '@verba/contracts';
import { useNotificationPreferences } from '../api/get-notification-preferences.ts';
import { useUpdateNotificationPreferencesMutation } from '../api/update-notification-preferences.ts';

/** On /account: for each kind of notification, the portal only, a mail at once or the daily digest. */
export function NotificationPreferences() {
  const { t } = useTranslation();
  const { data } = useNotificationPreferences();
  const update = useUpdateNotificationPreferencesMutation();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="notification-preferences">
      <Title order={2} fz="lg" mb="xs">
        {t('notifications.preferences.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {t('notifications.preferences.help')}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="xs">
          <Table.Tbody>
            {(data ?? []).map((row) => (
              <Table.Tr key={row.kind}>
                <Table.Td>
                  <Text size="sm">{t(`notifications.preferences.kinds.${row.kind}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0} align="flex-end">
                    <SegmentedControl
                      size="xs"
                      value={row.channel}
                      disabled={update.isPending}
                      onChange={(channel) =>
                        update.mutate({
                          preferences: [{ kind: row.kind, channel: channel as NotificationChannel }],
                        })
                      }
                      data={NOTIFICATION_CHANNELS.map((c) => ({
                        value: c,
                        label: t(`notifications.channels.${c}`),
                      }))}
                      data-testid={`preference-${row.kind}`}
                    />
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
