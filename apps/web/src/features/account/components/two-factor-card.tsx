import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import type { TwoFactorSetupDto } from '@verba/contracts';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useDisableTwoFactorMutation } from '../api/disable-two-factor.ts';
import { useEnableTwoFactorMutation } from '../api/enable-two-factor.ts';
import { useTwoFactor } from '../api/get-two-factor.ts';
import { useRequireTwoFactorMutation } from '../api/require-two-factor.ts';
import { useSetupTwoFactorMutation } from '../api/setup-two-factor.ts';

/** Sign-in with an authenticator app: set up (QR code, key, first code), recovery codes once, turn off. */
export function TwoFactorCard() {
  const { t } = useTranslation('account');
  const status = useTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enrolmentRequired = useAuthStore((state) => state.enrolmentRequired);
  if (!status.data) return null;
  const { enabled, required, recovery_codes_left, customer_require_2fa } = status.data;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="account-two-factor">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {t('twoFactor.title')}
        </Title>
        <Badge color={enabled ? 'green' : 'gray'} variant="light" data-testid="two-factor-state">
          {enabled ? t('twoFactor.on') : t('twoFactor.off')}
        </Badge>
      </Group>
      <Stack gap="md">
        {enrolmentRequired ? (
          <Alert color="yellow" variant="light" icon={<IconShieldLock aria-hidden />} role="alert">
            {t('twoFactor.requiredNow')}
          </Alert>
        ) : null}
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : enabled ? (
          <>
            <Text size="sm">{t('twoFactor.enabledHelp', { left: recovery_codes_left })}</Text>
            {required ? null : <DisableForm />}
          </>
        ) : (
          <>
            {enrolmentRequired ? null : (
              <Text size="sm">{required ? t('twoFactor.requiredHelp') : t('twoFactor.offHelp')}</Text>
            )}
            <Enrol onEnabled={setRecoveryCodes} />
          </>
        )}
        {customer_require_2fa !== null && !enrolmentRequired ? (
          <RequireSwitch value={customer_require_2fa} />
        ) : null}
      </Stack>
    </Paper>
  );
}

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const setup = useSetupTwoFactorMutation();
  const enable = useEnableTwoFactorMutation();
  const [key, setKey] = useState<TwoFactorSetupDto | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (!key) {
    return (
      <div>
        <Button
          leftSection={<IconShieldLock size={18} aria-hidden />}
          loading={setup.isPending}
          onClick={() => setup.mutate(undefined, { onSuccess: setKey })}
          data-testid="two-factor-setup"
        >
          {t('twoFactor.setup')}
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    enable.mutate(
      { code },
      {
        onSuccess: (result) => onEnabled(result.recovery_codes),
        onError: (failure) => {
          if (failure instanceof ApiError) setError(failure.fieldError('code') ?? failure.message);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Text size="sm">{t('twoFactor.scan')}</Text>
        <Image src={key.qr_svg} alt={t('twoFactor.qrAlt')} w={200} h={200} data-testid="two-factor-qr" />
        <Text size="sm">{t('twoFactor.keyHelp')}</Text>
        <Code block data-testid="two-factor-secret">
          {key.secret.replace(/(.{4})/g, '$1 ').trim()}
        </Code>
        <TextInput
          label={t('twoFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          name="code"
          required
        />
        <div>
          <Button type="submit" disabled={!code.trim()} loading={enable.isPending}>
            {t('twoFactor.confirm')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Stack gap="sm" maw={420} data-testid="two-factor-recovery-codes">
      <Alert color="green" variant="light" title={t('twoFactor.enabledTitle')}>
        {t('twoFactor.recoveryHelp')}
      </Alert>
      <Code block>{codes.join('\n')}</Code>
      <div>
        <Button onClick={onDone} data-testid="two-factor-recovery-done">
          {t('twoFactor.recoverySaved')}
        </Button>
      </div>
    </Stack>
  );
}

function DisableForm() {
  const { t } = useTranslation('account');
  const disable = useDisableTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<ApiError | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    disable.mutate(
      { password, code },
      {
        onSuccess: (result) => notifications.show({ color: 'green', message: result.message }),
        onError: (error) => setFailure(error instanceof ApiError ? error : null),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={360}>
        <Text size="sm" fw={500}>
          {t('twoFactor.disableTitle')}
        </Text>
        <PasswordField
          label={t('twoFactor.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={failure?.fieldError('password')}
          name="password"
        />
        <TextInput
          label={t('twoFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={failure?.fieldError('code')}
          name="code"
        />
        <div>
          <Button
            type="submit"
            color="red"
            variant="light"
            disabled={!password || !code.trim()}
            loading={disable.isPending}
          >
            {t('twoFactor.disable')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function RequireSwitch({ value }: { value: boolean }) {
  const { t } = useTranslation('account');
  const customerId = useAuthStore((state) => state.user?.customer_id);
  const mutation = useRequireTwoFactorMutation();
  if (!customerId) return null;
  return (
    <Switch
      checked={value}
      disabled={mutation.isPending}
      onChange={(event) =>
        mutation.mutate(
          { customerId, required: event.currentTarget.checked },
          { onSuccess: (result) => notifications.show({ color: 'green', message: result.message }) },
        )
      }
      label={t('twoFactor.requireForCompany')}
      description={t('twoFactor.requireForCompanyHelp')}
      data-testid="two-factor-require"
    />
  );
}
