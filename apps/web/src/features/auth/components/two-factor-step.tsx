import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { LoginResponse } from '@verba/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useTwoFactorLoginMutation } from '../api/two-factor-login.ts';

interface Props {
  challenge: string;
  onSignedIn: (result: LoginResponse) => void;
  /** The challenge expired or was spent: sign in again from the password. */
  onRestart: (message: string) => void;
}

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation('auth');
  const mutation = useTwoFactorLoginMutation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    setError(undefined);
    mutation.mutate(
      recovery ? { challenge, recovery_code: value.trim() } : { challenge, code: value.trim() },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          if (!(failure instanceof ApiError)) return;
          const expired = failure.fieldError('challenge');
          if (expired) onRestart(expired);
          else setError(failure.fieldError(recovery ? 'recovery_code' : 'code') ?? failure.message);
          setValue('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="two-factor-step">
      <Stack gap="md">
        <Text size="sm">{recovery ? t('twoFactor.recoveryHelp') : t('twoFactor.codeHelp')}</Text>
        <TextInput
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          required
          name={recovery ? 'recovery_code' : 'code'}
          data-autofocus
          autoFocus
        />
        <Group justify="flex-end">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery(!recovery);
              setValue('');
              setError(undefined);
            }}
            data-testid="two-factor-toggle"
          >
            {recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth disabled={!value.trim()} loading={mutation.isPending}>
          {t('twoFactor.submit')}
        </Button>
      </Stack>
    </form>
  );
}
