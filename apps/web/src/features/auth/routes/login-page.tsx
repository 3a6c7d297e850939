import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '../../../components/password-field.tsx';
import { IconAlertCircle } from '@tabler/icons-react';
import { ERROR_CODES, type LoginResponse } from '@verba/contracts';
import { homePathOf } from '../../../lib/permissions.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useLoginMutation } from '../api/login.ts';
import { useSsoStartMutation } from '../api/sso.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signIn = useAuthStore((state) => state.signIn);
  const loginMutation = useLoginMutation();
  const ssoMutation = useSsoStartMutation();
  const [ssoMessage, setSsoMessage] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [badCredentials, setBadCredentials] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [restartMessage, setRestartMessage] = useState<string | null>(null);

  const finish = (result: LoginResponse & { two_factor_enrolment_required?: boolean | undefined }) => {
    const enrolmentRequired = result.two_factor_enrolment_required === true;
    signIn({
      token: result.access_token,
      expiresInSeconds: result.expires_in,
      user: result.user,
      enrolmentRequired,
    });
    navigate(enrolmentRequired ? '/account' : homePathOf(result.user), { replace: true });
  };

  const incomplete = email.trim() === '' || password.trim() === '';

  /**
   * The e-mail first: its domain may sign in through the organisation's identity provider (the
   * browser goes there); otherwise `otherwise` runs (the password sign-in, or a hint).
   */
  const throughProvider = (otherwise: () => void) => {
    setSsoMessage(null);
    ssoMutation.mutate(
      { email: email.trim() },
      {
        onSuccess: (reply) => {
          if (reply.method === 'sso' && reply.authorization_url)
            window.location.assign(reply.authorization_url);
          else otherwise();
        },
        onError: (error) => setSsoMessage(error instanceof ApiError ? error.message : null),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (incomplete) return;
    setBadCredentials(false);
    setRestartMessage(null);
    throughProvider(signInWithPassword);
  };

  const signInWithPassword = () =>
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => {
          if (result.two_factor_required && result.challenge) {
            setChallenge(result.challenge);
            return;
          }
          if (result.access_token && result.user && result.expires_in !== undefined && result.token_type) {
            finish({
              ...result,
              access_token: result.access_token,
              user: result.user,
              expires_in: result.expires_in,
              token_type: result.token_type,
            });
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errorCode === ERROR_CODES.BAD_CREDENTIALS)
            setBadCredentials(true);
        },
      },
    );

  if (challenge) {
    return (
      <AuthCard title={t('twoFactor.title')} subtitle={t('twoFactor.subtitle')} testId="login-page">
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={finish}
          onRestart={(message) => {
            setChallenge(null);
            setPassword('');
            setRestartMessage(message);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')} testId="login-page">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {restartMessage ? (
            <Alert color="yellow" variant="light" role="alert" data-testid="login-restart">
              {restartMessage}
            </Alert>
          ) : null}
          {ssoMessage ? (
            <Alert color="yellow" variant="light" role="alert" data-testid="login-sso-message">
              {ssoMessage}
            </Alert>
          ) : null}
          {badCredentials ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              title={t('login.badCredentialsTitle')}
              role="alert"
              data-testid="login-inline-help"
            >
              {t('login.badCredentialsHelp')}
            </Alert>
          ) : null}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={badCredentials}
            required
            name="email"
            data-autofocus
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={badCredentials}
            required
            name="password"
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/login/reset" size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button
            type="submit"
            size="md"
            fullWidth
            disabled={incomplete}
            loading={loginMutation.isPending || (ssoMutation.isPending && password.trim() !== '')}
          >
            {t('login.submit')}
          </Button>
          <Button
            variant="default"
            fullWidth
            h="auto"
            mih={36}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', paddingBlock: 6 } }}
            disabled={email.trim() === ''}
            loading={ssoMutation.isPending && password.trim() === ''}
            onClick={() => throughProvider(() => setSsoMessage(t('login.ssoNone')))}
            data-testid="login-sso"
          >
            {t('login.sso')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
