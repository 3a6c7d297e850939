import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  IconCash,
  IconDownload,
  IconFileOff,
  IconMail,
  IconReceiptRefund,
  IconSend,
} from '@tabler/icons-react';
import { madridDateOf } from '@verba/contracts/pricing';
import { formFailure, type FieldErrors } from '../../../components/form-errors.ts';
import { FormErrorNotice } from '../../../components/form-error-notice.tsx';
import { LocalizedDateInput } from '../../../components/localized-date-input.tsx';
import type { InvoiceDetail } from '@verba/contracts';
import { downloadInvoicePdf } from '../api/download-invoice-pdf.ts';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid.ts';
import { useRectifyInvoice } from '../api/rectify-invoice.ts';
import { useRetryVerifactu } from '../api/retry-verifactu.ts';
import { useSendInvoice } from '../api/send-invoice.ts';
import { useVoidInvoice } from '../api/void-invoice.ts';

type Dialog = 'paid' | 'rectify' | 'void';

/**
 * The invoice's actions: download; for the admin, mail, mark paid, correct, void (issued in error)
 * and send again an AEAT record that was rejected (subsanación).
 */
export function InvoiceActions({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('invoices');
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [date, setDate] = useState(() => madridDateOf(new Date()));
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const paid = useMarkInvoicePaid(invoice.id);
  const rectify = useRectifyInvoice(invoice.id);
  const send = useSendInvoice(invoice.id);
  const voiding = useVoidInvoice(invoice.id);
  const retry = useRetryVerifactu(invoice.id);

  const open = (which: Dialog) => {
    setDate(madridDateOf(new Date()));
    setText(which === 'paid' ? t('paid.defaultMethod') : '');
    setErrors({});
    setNotice(null);
    setDialog(which);
  };
  const onError = (error: unknown) => {
    const failure = formFailure(error, ['paid_at', 'issued_at', 'method', 'reason']);
    setErrors(failure.fields);
    setNotice(failure.notice);
  };

  const confirm = () => {
    if (dialog === 'void')
      voiding.mutate(
        { reason: text },
        {
          onSuccess: () => {
            setDialog(null);
            notifications.show({
              color: 'green',
              title: t('void.doneTitle'),
              message: t('void.done', { folio: invoice.folio }),
            });
          },
          onError,
        },
      );
    else if (dialog === 'paid')
      paid.mutate(
        { paid_at: date, method: text },
        {
          onSuccess: () => {
            setDialog(null);
            notifications.show({
              color: 'green',
              title: t('paid.doneTitle'),
              message: t('paid.done', { folio: invoice.folio }),
            });
          },
          onError,
        },
      );
    else
      rectify.mutate(
        { reason: text, issued_at: date },
        {
          onSuccess: (corrective) => {
            setDialog(null);
            notifications.show({
              color: 'green',
              title: t('rectify.doneTitle'),
              message: t('rectify.done', { folio: corrective.folio }),
            });
            navigate(`/invoices/${corrective.id}`);
          },
          onError,
        },
      );
  };

  const mail = () =>
    send.mutate(undefined, {
      onSuccess: (result) =>
        notifications.show({
          color: 'green',
          title: t('send.doneTitle'),
          message: t('send.done', { to: result.to.join(', ') }),
        }),
    });

  const resend = () =>
    retry.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: t('verifactu.retriedTitle'),
          message: t('verifactu.retried', { folio: invoice.folio }),
        }),
    });

  const title =
    dialog === 'rectify'
      ? t('rectify.title', { folio: invoice.folio })
      : dialog === 'void'
        ? t('void.title', { folio: invoice.folio })
        : t('paid.title', { folio: invoice.folio });

  return (
    <>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => void downloadInvoicePdf(invoice).catch(() => undefined)}
          data-testid="invoice-download"
        >
          {t('detail.download')}
        </Button>
        {invoice.abilities.can_send ? (
          <Button
            variant="default"
            leftSection={<IconMail size={18} aria-hidden />}
            onClick={mail}
            loading={send.isPending}
            data-testid="invoice-send"
          >
            {t('detail.send')}
          </Button>
        ) : null}
        {invoice.abilities.can_rectify ? (
          <Button
            variant="default"
            color="red"
            leftSection={<IconReceiptRefund size={18} aria-hidden />}
            onClick={() => open('rectify')}
            data-testid="invoice-rectify"
          >
            {t('detail.rectify')}
          </Button>
        ) : null}
        {invoice.abilities.can_void ? (
          <Button
            variant="default"
            color="red"
            leftSection={<IconFileOff size={18} aria-hidden />}
            onClick={() => open('void')}
            data-testid="invoice-void"
          >
            {t('detail.void')}
          </Button>
        ) : null}
        {invoice.abilities.can_retry_verifactu ? (
          <Button
            variant="default"
            leftSection={<IconSend size={18} aria-hidden />}
            onClick={resend}
            loading={retry.isPending}
            data-testid="invoice-verifactu-retry"
          >
            {t('detail.retryVerifactu')}
          </Button>
        ) : null}
        {invoice.abilities.can_mark_paid ? (
          <Button
            leftSection={<IconCash size={18} aria-hidden />}
            onClick={() => open('paid')}
            data-testid="invoice-mark-paid"
          >
            {t('detail.markPaid')}
          </Button>
        ) : null}
      </Group>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        data-testid="invoice-dialog"
        title={title}
      >
        <Stack gap="md">
          {dialog === 'void' ? (
            <Text size="sm">{t('void.hint')}</Text>
          ) : (
            <LocalizedDateInput
              required
              label={dialog === 'rectify' ? t('rectify.date') : t('paid.date')}
              value={date}
              onChange={setDate}
              error={errors.paid_at ?? errors.issued_at}
              testId="invoice-dialog-date"
            />
          )}
          <TextInput
            required
            label={
              dialog === 'rectify'
                ? t('rectify.reason')
                : dialog === 'void'
                  ? t('void.reason')
                  : t('paid.method')
            }
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={errors.method ?? errors.reason}
            data-testid="invoice-dialog-text"
          />
          <FormErrorNotice message={notice} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('create.cancel')}
            </Button>
            <Button
              onClick={confirm}
              loading={paid.isPending || rectify.isPending || voiding.isPending}
              // red.9: white text on it passes WCAG AA contrast (axe on the void dialog)
              color={dialog === 'paid' ? undefined : 'red.9'}
              data-testid="invoice-dialog-confirm"
            >
              {dialog === 'rectify'
                ? t('rectify.confirm')
                : dialog === 'void'
                  ? t('void.confirm')
                  : t('paid.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
