import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Paid or pending, and "corrected" / "corrective" / "voided" beside it when that applies. A voided
 * invoice shows no payment state: it is owed no more (ADR 0031).
 */
export function InvoiceStatus({
  status,
  rectifies,
  rectifiedBy,
  voided = false,
}: {
  status: 'paid' | 'pending';
  rectifies: string | null;
  rectifiedBy: string | null;
  /** voided as issued in error (its AEAT RegistroAnulacion) */
  voided?: boolean;
}) {
  const { t } = useTranslation('invoices');
  return (
    <Group gap={6} wrap="nowrap">
      {voided ? null : (
        <Badge
          color={status === 'paid' ? 'teal' : 'orange'}
          variant="dot"
          radius="sm"
          style={{ minWidth: 'max-content' }}
          data-testid="invoice-status"
        >
          {t(`status.${status}`)}
        </Badge>
      )}
      {rectifies ? (
        <Badge color="gray" variant="dot" radius="sm" style={{ minWidth: 'max-content' }}>
          {t('status.corrective')}
        </Badge>
      ) : null}
      {voided ? (
        <Badge
          color="red"
          variant="dot"
          radius="sm"
          style={{ minWidth: 'max-content' }}
          data-testid="invoice-voided"
        >
          {t('status.voided')}
        </Badge>
      ) : null}
      {rectifiedBy ? (
        <Badge color="gray" variant="dot" radius="sm" style={{ minWidth: 'max-content' }}>
          {t('status.corrected')}
        </Badge>
      ) : null}
    </Group>
  );
}
