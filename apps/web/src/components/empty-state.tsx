import type { ReactNode } from 'react';
import { Box, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
  testId?: string;
  headingLevel?: 1 | 2 | 3;
}

export function EmptyState({
  icon,
  title,
  description,
  children,
  testId,
  headingLevel = 2,
}: EmptyStateProps) {
  return (
    <Box w="100%" px={{ base: 'sm', sm: 0 }} style={{ alignSelf: 'flex-start' }}>
      <Paper withBorder p={{ base: 'lg', sm: 48 }} data-testid={testId} w="100%" maw={720} mx="auto" my="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
          <Title order={headingLevel} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          <Text c="gray.7" maw={520}>
            {description}
          </Text>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
