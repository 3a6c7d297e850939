import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';

export interface MessageModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  icon: ReactNode;
  color: string;
  children: ReactNode;
  actionLabel: string;
  onAction?: () => void;
  dismissable?: boolean;
  testId: string;
}

/** The shape most registry modals share: icon, title, message, one action. */
export function MessageModal({
  opened,
  onClose,
  title,
  icon,
  color,
  children,
  actionLabel,
  onAction,
  dismissable = true,
  testId,
}: MessageModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={color} size="lg" radius="xl" aria-hidden>
            {icon}
          </ThemeIcon>
          <Text fw={600} size="lg" component="span">
            {title}
          </Text>
        </Group>
      }
      centered
      radius="md"
      withCloseButton={dismissable}
      closeOnClickOutside={dismissable}
      closeOnEscape={dismissable}
      data-testid={testId}
      zIndex={400}
    >
      <Stack gap="lg">
        <div>{children}</div>
        <Group justify="flex-end">
          {/* The theme's primary colour: white on the red or orange of the icon is below AA contrast. */}
          <Button onClick={onAction ?? onClose} data-autofocus>
            {actionLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
