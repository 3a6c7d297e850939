import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';

/** A label and its amount on one line of a totals block; `strong` for the line that is paid. */
export function TotalRow({
  label,
  value,
  strong,
  valueAlign,
  testId,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
  valueAlign?: 'right';
  testId?: string;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" data-testid={testId}>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} ta={valueAlign}>
        {value}
      </Text>
    </Group>
  );
}
