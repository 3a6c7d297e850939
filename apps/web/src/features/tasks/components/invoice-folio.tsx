import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceTag } from '@verba/contracts';

/**
 * A task's invoice folio with its paid/pending tag (spec part 1 §4), or `empty` when not invoiced.
 * `compact` (table cells) puts the tag under the folio as text, so the column stays narrow.
 */
export function InvoiceFolio({
  folio,
  tag,
  empty,
  compact = false,
}: {
  folio: string | null | undefined;
  tag: InvoiceTag | null | undefined;
  empty: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('tasks');
  if (!folio) return <>{empty}</>;
  if (compact)
    return (
      <Stack gap={0} component="span">
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          {folio}
        </Text>
        {tag ? (
          <Text span size="xs" c={tag === 'paid' ? 'teal.9' : 'red.9'} fw={600} data-testid="invoice-tag">
            {t(`invoiceTag.${tag}`)}
          </Text>
        ) : null}
      </Stack>
    );
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Text span inherit>
        {folio}
      </Text>
      {tag ? (
        <Badge color={tag === 'paid' ? 'teal' : 'orange'} variant="dot" radius="sm" data-testid="invoice-tag">
          {t(`invoiceTag.${tag}`)}
        </Badge>
      ) : null}
    </Group>
  );
}
