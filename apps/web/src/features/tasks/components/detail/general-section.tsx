import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../../components/detail-list.tsx';
import { DateTimeText } from '../../../../components/money.tsx';
import type { TaskDetail } from '../../api/types.ts';
import { InvoiceFolio } from '../invoice-folio.tsx';
import { Section } from '../section.tsx';

export function GeneralSection({ task, staff }: { task: TaskDetail; staff: boolean }) {
  const { t } = useTranslation('tasks');
  const requester = task.user ? `${task.user.name} ${task.user.lastname}` : '—';
  return (
    <Section title={t('detail.general.title')} help="projectName" testId="section-general">
      <DetailList
        items={[
          { label: t('detail.general.name'), value: task.description },
          { label: t('detail.general.code'), value: task.code || String(task.id) },
          ...(staff
            ? [
                {
                  label: t('detail.general.customer'),
                  value: task.customer?.name ?? t('list.guest'),
                  testId: 'task-customer',
                },
              ]
            : []),
          { label: t('detail.general.department'), value: task.department?.title ?? '—' },
          { label: t('detail.general.poNumber'), value: task.po_number ?? '—', testId: 'task-po-number' },
          {
            label: t('detail.general.clientReference'),
            value: task.client_reference ?? '—',
            testId: 'task-client-reference',
          },
          { label: t('detail.general.requestedBy'), value: requester },
          { label: t('detail.general.created'), value: <DateTimeText value={task.created_at} /> },
          { label: t('detail.general.review'), value: task.review ? t('yes') : t('no') },
          {
            label: t('detail.general.invoice'),
            value: (
              <InvoiceFolio
                folio={task.invoice?.folio}
                tag={task.invoice?.tag}
                empty={t('detail.general.noInvoice')}
              />
            ),
          },
          { label: t('detail.general.comments'), value: task.comments || '—' },
        ]}
      />
    </Section>
  );
}
