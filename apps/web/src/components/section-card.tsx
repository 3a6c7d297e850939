import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

interface SectionCardProps {
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
}

/** A bordered section of a page at full width: a level-2 title, one line saying what it is for, the content. */
export function SectionCard({ title, description, testId, children }: SectionCardProps) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid={testId}>
      <Stack gap={4} mb="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {description}
        </Text>
      </Stack>
      {children}
    </Paper>
  );
}
