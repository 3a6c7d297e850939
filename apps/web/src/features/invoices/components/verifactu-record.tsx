import { useTranslation } from 'react-i18next';
import { Badge, Text } from '@mantine/core';
import type { InvoiceDetail, VerifactuState } from '@verba/contracts';
import { DetailList } from '../../../components/detail-list.tsx';
import { DateTimeText } from '../../../components/money.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

const STATE_COLOR: Record<VerifactuState, string> = {
  pending: 'gray',
  sent: 'blue',
  accepted: 'teal',
  accepted_with_errors: 'yellow',
  rejected: 'red',
};

/** The AEAT record's submission state as a badge. */
export function VerifactuStateBadge({ state }: { state: VerifactuState }) {
  const { t } = useTranslation('invoices');
  return (
    <Badge
      color={STATE_COLOR[state]}
      variant="light"
      radius="sm"
      style={{ minWidth: 'max-content' }}
      data-testid="verifactu-state"
    >
      {t(`verifactu.states.${state}`)}
    </Badge>
  );
}

const Fingerprint = ({ value, testId }: { value: string; testId: string }) => (
  <Text span ff="monospace" size="xs" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
    {value}
  </Text>
);

/** The invoice's latest AEAT registration record: kind, state, fingerprints and the AEAT's answer. */
export function VerifactuRecord({ record }: { record: NonNullable<InvoiceDetail['verifactu']> }) {
  const { t } = useTranslation('invoices');
  const answer = record.aeat_response;
  const kind =
    record.record_type === 'anulacion'
      ? t('verifactu.anulacion')
      : t('verifactu.alta', { tipo: record.tipo_factura ?? '' });
  return (
    <SectionCard title={t('verifactu.title')} description={t('verifactu.hint')} testId="invoice-verifactu">
      <DetailList
        items={[
          { label: t('verifactu.record'), value: kind, testId: 'verifactu-record-type' },
          { label: t('verifactu.state'), value: <VerifactuStateBadge state={record.state} /> },
          { label: t('verifactu.generatedAt'), value: <DateTimeText value={record.generated_at} /> },
          {
            label: t('verifactu.huella'),
            value: <Fingerprint value={record.huella} testId="verifactu-huella" />,
          },
          {
            label: t('verifactu.previousHuella'),
            value: record.previous_huella ? (
              <Fingerprint value={record.previous_huella} testId="verifactu-previous-huella" />
            ) : (
              t('verifactu.firstRecord')
            ),
          },
          {
            label: t('verifactu.answer'),
            testId: 'verifactu-answer',
            value: answer
              ? [
                  answer.status,
                  answer.code ? `${answer.code}: ${answer.text ?? ''}` : null,
                  answer.csv ? `CSV ${answer.csv}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')
              : t('verifactu.noAnswer'),
          },
        ]}
      />
    </SectionCard>
  );
}
