import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/**
 * A table wider than a phone scrolls natively inside this region; the region is focusable and
 * named so a keyboard user can scroll it too (axe scrollable-region-focusable).
 */
export function TableScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={0} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
