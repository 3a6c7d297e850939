import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button, Group, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { ssoProviderBody, type SsoProviderDto } from '@verba/contracts';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import { useCustomerOptions } from '../../customers/index.ts';
import { useSaveSsoProvider } from '../api/save-sso-provider.ts';

const STAFF = 'staff';

/** Adds an identity provider (no `provider`) or changes one; the client secret is typed, never shown. */
export function SsoProviderForm({
  provider,
  onDone,
}: {
  provider: SsoProviderDto | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('settings');
  const customers = useCustomerOptions(true);
  const save = useSaveSsoProvider();
  const [owner, setOwner] = useState(provider?.customer_id ? String(provider.customer_id) : STAFF);
  const [issuer, setIssuer] = useState(provider?.issuer_url ?? '');
  const [clientId, setClientId] = useState(provider?.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [domains, setDomains] = useState(provider?.domains.join(', ') ?? '');
  const [passwordSignIn, setPasswordSignIn] = useState(provider?.password_sign_in ?? true);
  const [createUsers, setCreateUsers] = useState(provider?.create_users ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ssoProviderBody.safeParse({
      customer_id: owner === STAFF ? null : Number(owner),
      issuer_url: issuer,
      client_id: clientId,
      ...(secret.trim() ? { client_secret: secret } : {}),
      domains: domains
        .split(/[\s,;]+/)
        .map((d) => d.trim())
        .filter(Boolean),
      password_sign_in: passwordSignIn,
      create_users: owner !== STAFF && createUsers,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { id: provider?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: t('sso.savedTitle'), message: t('sso.saved') });
          onDone();
        },
        onError: (failure) => {
          const fields = serverFieldErrors(failure) ?? {};
          const domainError = Object.entries(fields).find(([key]) => key.startsWith('domains'))?.[1];
          setErrors({ ...fields, domains: domainError });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="sso-provider-form">
      <Stack gap="md">
        <Select
          label={t('sso.owner')}
          data={[
            { value: STAFF, label: t('sso.staff') },
            ...(customers.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          value={owner}
          onChange={(value) => setOwner(value ?? STAFF)}
          error={errors.customer_id}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="sso-owner"
        />
        <TextInput
          label={t('sso.issuer')}
          description={t('sso.issuerHelp')}
          value={issuer}
          onChange={(e) => setIssuer(e.currentTarget.value)}
          error={errors.issuer_url}
          withAsterisk
          data-testid="sso-issuer"
        />
        <TextInput
          label={t('sso.clientId')}
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
          error={errors.client_id}
          withAsterisk
          autoComplete="off"
          data-testid="sso-client-id"
        />
        <PasswordInput
          label={t('sso.clientSecret')}
          description={provider ? t('sso.clientSecretKept') : undefined}
          value={secret}
          onChange={(e) => setSecret(e.currentTarget.value)}
          error={errors.client_secret}
          withAsterisk={!provider}
          autoComplete="new-password"
          data-testid="sso-client-secret"
        />
        <TextInput
          label={t('sso.domains')}
          description={t('sso.domainsHelp')}
          value={domains}
          onChange={(e) => setDomains(e.currentTarget.value)}
          error={errors.domains}
          withAsterisk
          data-testid="sso-domains"
        />
        <Switch
          label={t('sso.passwordSignIn')}
          checked={passwordSignIn}
          onChange={(e) => setPasswordSignIn(e.currentTarget.checked)}
        />
        {owner !== STAFF ? (
          <Switch
            label={t('sso.createUsers')}
            checked={createUsers}
            onChange={(e) => setCreateUsers(e.currentTarget.checked)}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('sso.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="sso-save">
            {t('sso.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
