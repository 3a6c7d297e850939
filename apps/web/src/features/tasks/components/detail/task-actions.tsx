import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconCalculator,
  IconEdit,
  IconFileTypePdf,
  IconFileZip,
  IconProgressCheck,
  IconRepeat,
  IconSend,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { modals } from '../../../../components/modals/modal-store.ts';
import { effectiveLocale } from '../../../../lib/locale.ts';
import { downloadQuotePdf, downloadTranslationsZip } from '../../api/download-task-files.ts';
import { submitGatewayForm } from '../../lib/submit-gateway-form.ts';
import { useCancelTaskMutation } from '../../api/cancel-task.ts';
import { useDeleteTaskMutation } from '../../api/delete-task.ts';
import { useRecalculateQuoteMutation } from '../../api/recalculate-quote.ts';
import { useReactivateTaskMutation } from '../../api/reactivate-task.ts';
import { useSendDeferredMutation } from '../../api/send-deferred.ts';
import type { TaskDetail } from '../../api/types.ts';
import type { SendDeferred } from '@verba/contracts';
import { PayButton } from '../pay-button.tsx';
import { useUiLocale } from '../../../../components/use-locale.ts';
import { formatDate, formatEuros } from '../../../../lib/format.ts';

export function TaskActions({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const { t: ta } = useTranslation('amounts');
  const locale = useUiLocale();
  const navigate = useNavigate();
  const cancel = useCancelTaskMutation();
  const reactivate = useReactivateTaskMutation();
  const recalculate = useRecalculateQuoteMutation();
  const deferred = useSendDeferredMutation();
  const remove = useDeleteTaskMutation();
  const [pdfBusy, setPdfBusy] = useState(false);
  const done = (message: string) => {
    notifications.show({ color: 'teal', message });
    void navigate('/tasks');
  };
  const afterGateway = (answer: SendDeferred, message: string) => {
    if (answer?.form) submitGatewayForm(answer.form);
    else done(message);
  };
  // What the caller may do comes from the API (its policy and the transition table).
  const can = task.abilities;

  return (
    <Group gap="sm" data-testid="task-actions">
      {can.can_pay ? <PayButton task={task} onPaid={() => done(t('actions.paid'))} /> : null}
      {can.can_recalculate ? (
        <Button
          variant="default"
          leftSection={<IconCalculator size={18} aria-hidden />}
          loading={recalculate.isPending}
          onClick={() =>
            recalculate.mutate(task.id, {
              onSuccess: (reply) => notifications.show({ color: 'teal', message: reply.message }),
            })
          }
          data-testid="recalculate-quote"
        >
          {t('actions.recalculate')}
        </Button>
      ) : null}
      {can.can_send_to_production ? (
        <Button
          leftSection={<IconSend size={18} aria-hidden />}
          loading={deferred.isPending}
          onClick={() =>
            modals.open('confirm', {
              title: ta('deferred.confirmTitle'),
              message: ta('deferred.confirmMessage', {
                total: formatEuros(task.amount_to_pay ?? '0', locale),
                date: task.due_date ? formatDate(task.due_date, locale) : ta('deferred.dateOnApproval'),
              }),
              confirmLabel: ta('deferred.confirm'),
              onConfirm: () =>
                deferred.mutate(task.id, { onSuccess: (answer) => afterGateway(answer, t('actions.sent')) }),
            })
          }
          data-testid="send-to-production"
        >
          {t('actions.send')}
        </Button>
      ) : null}
      {can.can_edit ? (
        <Button
          variant="default"
          component={Link}
          to={`/tasks/${task.id}/edit`}
          leftSection={<IconEdit size={18} aria-hidden />}
          data-testid="edit-task"
        >
          {t('actions.edit')}
        </Button>
      ) : null}
      {can.can_order_again ? (
        <Button
          variant="default"
          component={Link}
          to={`/tasks/create?again=${task.id}`}
          leftSection={<IconRepeat size={18} aria-hidden />}
          data-testid="order-again"
        >
          {t('actions.orderAgain')}
        </Button>
      ) : null}
      {can.can_download_quote ? (
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          loading={pdfBusy}
          onClick={() => {
            setPdfBusy(true);
            downloadQuotePdf(task, effectiveLocale())
              .catch(() => undefined)
              .finally(() => setPdfBusy(false));
          }}
          data-testid="quote-pdf"
        >
          {t('actions.quotePdf')}
        </Button>
      ) : null}
      {can.can_download_translations ? (
        <Button
          variant="default"
          leftSection={<IconFileZip size={18} aria-hidden />}
          data-testid="translations-zip"
          onClick={() => void downloadTranslationsZip(task).catch(() => undefined)}
        >
          {t('actions.translationsZip')}
        </Button>
      ) : null}
      {can.can_change_status ? (
        <Button
          variant="default"
          component={Link}
          to={`/tasks/${task.id}/edit/status`}
          leftSection={<IconProgressCheck size={18} aria-hidden />}
          data-testid="change-status"
        >
          {t('actions.status')}
        </Button>
      ) : null}
      {can.can_cancel ? (
        <Button
          variant="light"
          color="red"
          leftSection={<IconX size={18} aria-hidden />}
          loading={cancel.isPending}
          onClick={() =>
            modals.open('confirm', {
              title: t('actions.cancelTitle'),
              message: t('actions.cancelMessage', { name: task.description }),
              confirmLabel: t('actions.cancelConfirm'),
              cancelLabel: t('actions.keepTask'),
              danger: true,
              onConfirm: () => cancel.mutateAsync(task.id).then(() => done(t('actions.cancelled'))),
            })
          }
          data-testid="cancel-task"
        >
          {t('actions.cancel')}
        </Button>
      ) : null}
      {can.can_reactivate ? (
        <Button
          leftSection={<IconArrowBackUp size={18} aria-hidden />}
          loading={reactivate.isPending}
          onClick={() => reactivate.mutate(task.id, { onSuccess: () => done(t('actions.reactivated')) })}
          data-testid="reactivate-task"
        >
          {t('actions.reactivate')}
        </Button>
      ) : null}
      {can.can_delete ? (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          loading={remove.isPending}
          onClick={() =>
            modals.open('confirm', {
              title: t('actions.deleteTitle'),
              message: t('actions.deleteMessage', { name: task.description }),
              confirmLabel: t('actions.deleteConfirm'),
              cancelLabel: t('actions.keepTask'),
              danger: true,
              onConfirm: () => remove.mutateAsync(task.id).then(() => done(t('actions.deleted'))),
            })
          }
          data-testid="delete-task"
        >
          {t('actions.delete')}
        </Button>
      ) : null}
    </Group>
  );
}
