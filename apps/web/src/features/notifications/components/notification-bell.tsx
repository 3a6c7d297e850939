import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { NotificationItem } from '@verba/contracts';
import { DateTimeText } from '../../../components/money.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationsReadMutation } from '../api/mark-notifications-read.ts';
import { useNotificationStream } from '../lib/use-notification-stream.ts';
import { useNotificationText } from '../lib/use-notification-text.ts';

/** How often the bell asks while the live stream is down. */
const POLL_MS = 30_000;

const linkOf = (n: NotificationItem) =>
  n.invoice_id ? `/invoices/${n.invoice_id}` : n.task_id ? `/tasks/${n.task_id}` : '/';

/** The header's bell: the unread count, live, and the latest notifications linking to their task or invoice. */
export function NotificationBell() {
  const { t } = useTranslation();
  const live = useNotificationStream(true);
  const { data } = useNotifications(live ? false : POLL_MS);
  const markRead = useMarkNotificationsReadMutation();
  const navigate = useNavigate();
  const text = useNotificationText();
  const unread = data?.unread ?? 0;
  const items = data?.items ?? [];

  const open = (n: NotificationItem) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
    void navigate(linkOf(n));
  };

  return (
    <Popover width={340} position="bottom-end" shadow="md" withinPortal>
      {/* The button is the popover's target: a div cannot carry aria-expanded (axe). */}
      <Indicator label={unread} size={18} disabled={!unread} color="red" data-testid="bell-count" offset={4}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('notifications.bell', { count: unread })}
            data-testid="notification-bell"
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs" data-testid="notification-list">
        <Group justify="space-between" mb="xs" px={4}>
          <Text fw={600} size="sm">
            {t('notifications.title')}
          </Text>
          {unread ? (
            <Button variant="subtle" size="compact-xs" onClick={() => markRead.mutate({ all: true })}>
              {t('notifications.markAll')}
            </Button>
          ) : null}
        </Group>
        {items.length ? (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={2}>
              {items.map((n) => (
                <UnstyledButton
                  key={n.id}
                  onClick={() => open(n)}
                  p={6}
                  style={{ borderRadius: 4, background: n.read ? undefined : 'var(--mantine-color-blue-0)' }}
                  data-testid="notification-item"
                >
                  <Text size="sm" fw={n.read ? 400 : 600}>
                    {text(n)}
                  </Text>
                  {/* The app's date format (as the task's messages write it), not the browser's. */}
                  <Text size="xs" c="gray.7" data-testid="notification-date">
                    <DateTimeText value={n.created_at} />
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : (
          <Text size="sm" c="gray.7" px={4} pb={4}>
            {t('notifications.empty')}
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
