import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { verifyGuestPayment } from '../api/verify-guest-payment.ts';

interface Answer {
  paymentDone: boolean;
  message?: string | undefined;
}

/**
 * `/guest-task/ok/:id` and `/guest-task/ko/`: verify the bank's answer, then say what happened.
 * Without the bank's parameters (a bookmark, a reload), or when the bank's notification came
 * first, the API answers where the task stands and logs nothing; the page says the same.
 */
export function GuestPaymentAnswer({ outcome }: { outcome: 'ok' | 'ko' }) {
  const { t } = useTranslation('quotes');
  const token = useParams().id;
  const [params] = useSearchParams();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verifyGuestPayment({
      ...(token ? { taskId: token } : {}),
      Ds_SignatureVersion: params.get('Ds_SignatureVersion') ?? '',
      Ds_MerchantParameters: params.get('Ds_MerchantParameters') ?? '',
      Ds_Signature: params.get('Ds_Signature') ?? '',
    })
      .then((data) => setAnswer({ paymentDone: data.paymentDone, message: data.message }))
      .catch((error: unknown) =>
        setAnswer({
          paymentDone: false,
          message: error instanceof ApiError ? error.body?.message : undefined,
        }),
      );
  }, [token, params]);

  if (!answer) return <PageLoader />;
  const ok = answer.paymentDone;
  return (
    <div data-testid={`guest-payment-${outcome}-page`}>
      <EmptyState
        headingLevel={1}
        icon={ok ? <IconCircleCheck size={36} aria-hidden /> : <IconCircleX size={36} aria-hidden />}
        title={t(ok ? 'payment.okTitle' : 'payment.koTitle')}
        description={t(ok ? 'payment.okBody' : 'payment.koBody')}
        testId="guest-payment-result"
      >
        {!ok && answer.message ? (
          <Text c="red.8" size="sm" role="alert" data-testid="guest-payment-error">
            {answer.message}
          </Text>
        ) : null}
        {token ? (
          <Button component={Link} to={`/guest-task/${token}`}>
            {t('payment.openQuote')}
          </Button>
        ) : (
          <Button component={Link} to="/quote">
            {t('payment.newQuote')}
          </Button>
        )}
      </EmptyState>
    </div>
  );
}
