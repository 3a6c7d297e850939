import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { VerifyPayment } from '@verba/contracts';
import { verifyPayment } from '../api/verify-payment.ts';
import { useTask } from '../api/get-task.ts';
import { PaymentReceipt } from './payment-receipt.tsx';

/** States of a task that is paid for (or in production on deferred terms). */
const PAID_STATES: readonly string[] = ['APPROVED', 'DEFERRED', 'IN_COURSE', 'DONE'];

/**
 * `/tasks/ok/:id` and `/tasks/ko/:id`: verify the bank's answer, then say what happened. Without
 * the bank's parameters (a bookmark, a reload) there is nothing to verify: the page says where
 * the task stands, and nothing is logged. When the bank's notification came first, the return
 * finds the order answered: the page says where the task stands then too (the API logs nothing).
 */
export function PaymentResult({ outcome }: { outcome: 'ok' | 'ko' }) {
  const [params] = useSearchParams();
  return params.get('Ds_MerchantParameters') ? (
    <BankAnswer outcome={outcome} params={params} />
  ) : (
    <TaskStanding />
  );
}

function TaskStanding() {
  const { t } = useTranslation('tasks');
  const id = Number(useParams().id);
  const task = useTask(id);
  if (!task.data) return <PageLoader />;
  const paid = PAID_STATES.includes(task.data.state);
  const values = { state: t(`states.${task.data.state}`), code: task.data.code || task.data.id };
  return (
    <div data-testid="payment-state-page">
      <EmptyState
        headingLevel={1}
        icon={paid ? <IconCircleCheck size={36} aria-hidden /> : <IconInfoCircle size={36} aria-hidden />}
        title={t('payment.stateTitle', values)}
        description={paid ? t('payment.statePaid', values) : t('payment.stateUnpaid', values)}
        testId="payment-state"
      >
        <Text fw={600} data-testid="payment-task-name">
          {task.data.description}
        </Text>
        {paid && Number(task.data.paid_amount) > 0 ? (
          <PaymentReceipt task={task.data} merchantParameters={null} />
        ) : null}
        <ResultLinks id={id} />
      </EmptyState>
    </div>
  );
}

function ResultLinks({ id }: { id: number }) {
  const { t } = useTranslation('tasks');
  return (
    <Group justify="center">
      <Button component={Link} to={`/tasks/${id}`}>
        {t('payment.openTask')}
      </Button>
      <Button variant="default" component={Link} to="/tasks">
        {t('detail.back')}
      </Button>
    </Group>
  );
}

function BankAnswer({ outcome, params }: { outcome: 'ok' | 'ko'; params: URLSearchParams }) {
  const { t } = useTranslation('tasks');
  const id = Number(useParams().id);
  // The bank's answer read, or the failure's message when the check itself failed.
  const [answer, setAnswer] = useState<
    VerifyPayment | { paymentDone: false; message?: string; task?: undefined } | null
  >(null);
  const started = useRef(false);
  const task = useTask(answer ? id : 0);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verifyPayment({
      taskId: id,
      Ds_SignatureVersion: params.get('Ds_SignatureVersion') ?? '',
      Ds_MerchantParameters: params.get('Ds_MerchantParameters') ?? '',
      Ds_Signature: params.get('Ds_Signature') ?? '',
    })
      .then(setAnswer)
      .catch((error: unknown) =>
        setAnswer({
          paymentDone: false,
          message: error instanceof ApiError ? (error.body?.message ?? undefined) : undefined,
        }),
      );
  }, [id, params]);

  if (!answer) return <PageLoader />;
  const state = answer.task?.state;
  // Paid, whatever the answer was (an order answered before, another order that paid it).
  const ok = answer.paymentDone === true || (state !== undefined && PAID_STATES.includes(state));
  const values = { state: state ? t(`states.${state}`) : '', code: task.data?.code || id };
  const okBody = !state || state === 'APPROVED' ? t('payment.okBody') : t('payment.statePaid', values);
  return (
    <div data-testid={`payment-${outcome}-page`}>
      <EmptyState
        headingLevel={1}
        icon={ok ? <IconCircleCheck size={36} aria-hidden /> : <IconCircleX size={36} aria-hidden />}
        title={ok ? t('payment.okTitle') : t('payment.koTitle')}
        description={ok ? okBody : t('payment.koBody')}
        testId="payment-result"
      >
        {task.data ? (
          <Text fw={600} data-testid="payment-task-name">
            {task.data.description}
          </Text>
        ) : null}
        {ok && task.data ? (
          <PaymentReceipt task={task.data} merchantParameters={params.get('Ds_MerchantParameters')} />
        ) : null}
        {!ok && answer.message ? (
          <Text c="red.8" size="sm" role="alert" data-testid="payment-error">
            {answer.message}
          </Text>
        ) : null}
        <ResultLinks id={id} />
      </EmptyState>
    </div>
  );
}
