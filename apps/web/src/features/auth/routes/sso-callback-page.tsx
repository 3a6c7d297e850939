import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { homePathOf } from '../../../lib/permissions.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { ssoCallback } from '../api/sso.ts';
import { AuthCard } from '../components/auth-card.tsx';

const FORWARDED = ['state', 'code', 'iss', 'error', 'error_description'] as const;

/** Where the identity provider sends the browser back: its answer goes to the API, once. */
export default function SsoCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useAuthStore((state) => state.signIn);
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const body = Object.fromEntries(
      FORWARDED.flatMap((name) => (params.get(name) === null ? [] : [[name, params.get(name)!]])),
    ) as { state: string };
    ssoCallback({ ...body, state: body.state ?? '' })
      .then((result) => {
        if (!result.access_token || !result.user || result.expires_in === undefined)
          throw new Error('no token');
        signIn({
          token: result.access_token,
          expiresInSeconds: result.expires_in,
          user: result.user,
          enrolmentRequired: false,
        });
        navigate(homePathOf(result.user), { replace: true });
      })
      .catch((error: unknown) => setFailure(error instanceof ApiError ? error.message : t('sso.failed')));
  }, [navigate, params, signIn, t]);

  return (
    <AuthCard title={failure ? t('sso.failedTitle') : t('sso.title')} testId="sso-callback-page">
      {failure ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" data-testid="sso-failure">
            {failure}
          </Alert>
          <Button component={Link} to="/login" variant="default">
            {t('reset.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap="sm" aria-live="polite">
          <Loader aria-label={t('sso.checking')} />
        </Stack>
      )}
    </AuthCard>
  );
}
