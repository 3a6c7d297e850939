import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { emailSchema } from '@verba/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useRequestPasswordResetMutation } from '../api/request-password-reset.ts';
import { AuthCard } from '../components/auth-card.tsx';

function emailProblem(value: string): string | null {
  if (value.trim() === '') return 'validation.required';
  return emailSchema.safeParse(value).success ? null : 'validation.email';
}

export default function RequestResetPage() {
  const { t } = useTranslation('auth');
  const mutation = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const problem = emailProblem(email);
  const shownError = serverError ?? (touched && problem ? t(problem, { ns: 'validation' }) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (problem) return;
    mutation.mutate(email.trim(), {
      onError: (error) => {
        if (error instanceof ApiError) setServerError(error.fieldError('email') ?? error.message);
      },
    });
  };

  return (
    <AuthCard
      title={t('reset.requestTitle')}
      subtitle={t('reset.requestSubtitle')}
      testId="request-reset-page"
    >
      {mutation.isSuccess ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconMailCheck aria-hidden />}
          role="status"
          data-testid="reset-sent"
        >
          {mutation.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setServerError(null);
              }}
              onBlur={() => setTouched(true)}
              error={shownError}
              required
              name="email"
              data-autofocus
            />
            <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
              {t('reset.requestSubmit')}
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
