import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Alert, Anchor, Button, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../../components/password-field.tsx';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client.ts';
import { useResetPasswordMutation } from '../api/reset-password.ts';
import { useValidateResetToken } from '../api/validate-reset-token.ts';
import { AuthCard } from '../components/auth-card.tsx';

type FieldErrors = Partial<Record<'password' | 'password_confirmation' | 'token' | 'email', string>>;

function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return {
    password: error.fieldError('password'),
    password_confirmation: error.fieldError('password_confirmation'),
    token: error.fieldError('token'),
    email: error.fieldError('email'),
  };
}

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const email = params.get('email');
  const validation = useValidateResetToken(token, email);
  const mutation = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const bothFilled = password.trim() !== '' && confirmation.trim() !== '';
  const differs = bothFilled && password.trim() !== confirmation.trim();
  const canSubmit = bothFilled && !differs;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setServerErrors({});
    mutation.mutate(
      { email: email ?? '', token, password, password_confirmation: confirmation },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', title: t('reset.doneTitle'), message: result.message });
          navigate('/login', { replace: true });
        },
        onError: (error) => setServerErrors(fieldErrorsOf(error)),
      },
    );
  };

  const invalidToken =
    validation.error instanceof ApiError
      ? (validation.error.fieldError('token') ??
        validation.error.fieldError('email') ??
        validation.error.message)
      : null;

  return (
    <AuthCard title={t('reset.title')} subtitle={email ?? undefined} testId="reset-password-page">
      {validation.isPending ? (
        <Center py="md" role="status" aria-label={t('reset.checking')}>
          <Loader size="sm" />
        </Center>
      ) : invalidToken ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          data-testid="reset-invalid-token"
        >
          {invalidToken}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('fields.email')}
              value={email ?? ''}
              readOnly
              name="email"
              autoComplete="username"
            />
            <PasswordField
              label={t('fields.newPassword')}
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={serverErrors.password}
              required
              name="password"
              data-autofocus
            />
            <PasswordField
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
              error={
                differs
                  ? t('validation.password_confirmation', { ns: 'validation' })
                  : serverErrors.password_confirmation
              }
              required
              name="password_confirmation"
            />
            {serverErrors.token || serverErrors.email ? (
              <Text c="red.8" size="sm" role="alert" data-testid="reset-server-error">
                {serverErrors.token ?? serverErrors.email}
              </Text>
            ) : null}
            <Button type="submit" size="md" fullWidth disabled={!canSubmit} loading={mutation.isPending}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
        {t('reset.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
