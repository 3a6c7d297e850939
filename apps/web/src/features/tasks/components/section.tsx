import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';
import { InfoButton } from './info-button.tsx';

export function Section({
  title,
  help,
  actions,
  children,
  testId,
}: {
  title: string;
  help?: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid={testId} component="section">
      <Group justify="space-between" mb="md" gap="xs">
        <Group gap={4} wrap="nowrap">
          <Title order={2} fz="lg">
            {title}
          </Title>
          {help ? <InfoButton section={help} /> : null}
        </Group>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
