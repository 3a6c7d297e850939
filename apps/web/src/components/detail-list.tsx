import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';

export interface DetailItem {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Label/value pairs as a description list, two columns on wide screens. */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg" m={0}>
      {items.map((item) => (
        <Stack key={item.label} gap={2} data-testid={item.testId}>
          <Text component="dt" size="sm" c="gray.7" fw={500}>
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
