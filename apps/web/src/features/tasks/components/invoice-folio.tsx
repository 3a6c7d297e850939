import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceTag } from '@verba/contracts';

/** A task's invoice folio with its paid/pending tag (spec part 1 §4), or `empty` when not invoiced. */
export function InvoiceFolio({
  folio,
  tag,
  empty,
}: {
  folio: string | null | undefined;
  tag: InvoiceTag | null | undefined;
  empty: string;
}) {
  const { t } = useTranslation('tasks');
  if (!folio) return <>{empty}</>;
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
