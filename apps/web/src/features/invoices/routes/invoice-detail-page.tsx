import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { DetailList } from '../../../components/detail-list.tsx';
import { DateText, Money, NumberText } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';
import { useInvoice } from '../api/get-invoice.ts';
import { InvoiceActions } from '../components/invoice-actions.tsx';
import { InvoiceStatus } from '../components/invoice-status.tsx';
import { VerifactuRecord } from '../components/verifactu-record.tsx';

const day = (iso: string) => <DateText value={`${iso}T12:00:00Z`} />;

/** /invoices/:id: the invoice, its tasks, its totals and payment, and what the caller may do. */
export default function InvoiceDetailPage() {
  const { t } = useTranslation('invoices');
  const id = Number(useParams().id);
  const query = useInvoice(id);
  const invoice = query.data;
  if (!invoice) return <PageLoader />;
  const address = [
    invoice.address,
    invoice.address_2,
    [invoice.postal_code, invoice.town].filter(Boolean).join(' '),
    invoice.province !== invoice.town ? invoice.province : null,
  ]
    .filter(Boolean)
    .join(', ');
  const link = (ref: { id: number; folio: string } | null) =>
    ref ? (
      <Anchor component={Link} to={`/invoices/${ref.id}`}>
        {ref.folio}
      </Anchor>
    ) : null;

  return (
    <div data-testid="invoice-detail-page">
      <PageHeader
        title={t(invoice.rectifies ? 'detail.correctiveTitle' : 'detail.title', { folio: invoice.folio })}
        description={invoice.customer.name}
        actions={<InvoiceActions invoice={invoice} />}
      />
      <Stack gap="lg">
        <SectionCard
          title={t('detail.summary')}
          description={t('detail.summaryHint')}
          testId="invoice-summary"
        >
          <DetailList
            items={[
              {
                label: t('columns.status'),
                value: (
                  <InvoiceStatus
                    status={invoice.payment_status}
                    rectifies={invoice.rectifies_folio}
                    rectifiedBy={invoice.rectified_by_folio}
                    voided={invoice.voided}
                  />
                ),
              },
              { label: t('columns.date'), value: day(invoice.issued_at) },
              ...(invoice.paid_at
                ? [
                    {
                      label: t('detail.paidAt'),
                      value: (
                        <>
                          {day(invoice.paid_at)}
                          {invoice.payment_method
                            ? ` · ${invoice.payment_method === 'card' ? t('paid.card') : invoice.payment_method}`
                            : ''}
                        </>
                      ),
                    },
                  ]
                : []),
              ...(invoice.rectifies
                ? [{ label: t('detail.rectifies'), value: link(invoice.rectifies) }]
                : []),
              ...(invoice.rectified_by
                ? [{ label: t('detail.rectifiedBy'), value: link(invoice.rectified_by) }]
                : []),
              ...(invoice.reason ? [{ label: t('detail.reason'), value: invoice.reason }] : []),
              { label: t('information.enterprise'), value: invoice.enterprise },
              { label: t('information.tin'), value: invoice.tin ?? '—' },
              { label: t('detail.address'), value: `${address || '—'} · ${invoice.country.name}` },
              {
                label: t('detail.contact'),
                value: [invoice.phone, invoice.email].filter(Boolean).join(' · ') || '—',
              },
            ]}
          />
        </SectionCard>
        {invoice.verifactu ? <VerifactuRecord record={invoice.verifactu} /> : null}
        <SectionCard title={t('detail.lines')} description={t('detail.linesHint')} testId="invoice-lines">
          <TableScrollRegion label={t('detail.lines')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.task')}</Table.Th>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.languages')}</Table.Th>
                  <Table.Th ta="right">{t('columns.words')}</Table.Th>
                  <Table.Th ta="right">{t('columns.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.lines.map((line) => (
                  <Table.Tr key={`${line.task_code}-${line.task_id}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {line.task_id ? (
                        <Anchor component={Link} to={`/tasks/${line.task_id}`}>
                          {line.task_code}
                        </Anchor>
                      ) : (
                        line.task_code
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 180 }}>
                      {line.description}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.languages}</Table.Td>
                    <Table.Td ta="right">
                      <NumberText value={line.words} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Money amount={line.amount} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
          <Stack gap={4} mt="md" align="flex-end" data-testid="invoice-detail-totals">
            <Group gap="xl">
              <Text size="sm">{t('detail.base')}</Text>
              <Money amount={invoice.amount_without_taxes} />
            </Group>
            <Group gap="xl">
              <Text size="sm">
                {invoice.tax_option === 'IVA'
                  ? t('detail.tax', { percent: Number(invoice.tax_percentage) })
                  : t('detail.noTax')}
              </Text>
              <Money amount={invoice.tax_amount} />
            </Group>
            <Group gap="xl">
              <Text fw={700}>{t('detail.total')}</Text>
              <Text fw={700}>
                <Money amount={invoice.amount} />
              </Text>
            </Group>
          </Stack>
        </SectionCard>
        <Text size="xs" c="gray.7">
          {t('detail.hash')}:{' '}
          <Text span ff="monospace" size="xs" style={{ overflowWrap: 'anywhere' }}>
            {invoice.hash}
          </Text>
        </Text>
      </Stack>
    </div>
  );
}
