import { Group } from '@mantine/core';
import { InfoButton } from '../info-button.tsx';

export function LabelWithInfo({ label, help }: { label: string; help: string }) {
  return (
    <Group gap={2} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
      <span>{label}</span>
      <InfoButton section={help} />
    </Group>
  );
}
