import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { TOKEN_SCOPES, type TokenScope } from '@verba/contracts';
import { serverFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useCreateToken } from '../api/create-token.ts';
import { useTokens } from '../api/get-tokens.ts';
import { useRevokeToken } from '../api/revoke-token.ts';

/** Personal API tokens: made here, their secret shown once; each with its last use, revoked at once. */
export function ApiTokens() {
  const { t } = useTranslation('account');
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const locale = useUiLocale();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['tasks:read']);
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [secret, setSecret] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    create.mutate(
      { name, scopes, expires_at: expires ? new Date(`${expires}T23:59:59`).toISOString() : null },
      {
        onSuccess: (created) => {
          setSecret(created.token);
          setName('');
        },
        onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
      },
    );
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="api-tokens">
      <Title order={2} fz="lg" mb="xs">
        {t('tokens.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {t('tokens.help')}
      </Text>
      {secret ? (
        <Alert
          color="green"
          mb="md"
          title={t('tokens.created')}
          withCloseButton
          onClose={() => setSecret(null)}
        >
          <Stack gap="xs">
            <Text size="sm">{t('tokens.copyNow')}</Text>
            <Code block data-testid="token-secret">
              {secret}
            </Code>
          </Stack>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate data-testid="token-form">
        <Stack gap="sm" maw={520}>
          <TextInput
            label={t('tokens.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            required
            data-testid="token-name"
          />
          <Checkbox.Group
            label={t('tokens.scopes')}
            value={scopes}
            onChange={(value) => setScopes(value as TokenScope[])}
            error={errors.scopes}
          >
            <Stack gap={4} mt={4}>
              {TOKEN_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={`${scope} — ${t(`tokens.scope.${scope.replace(':', '_')}`)}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <TextInput
            type="date"
            label={t('tokens.expires')}
            description={t('tokens.expiresHelp')}
            value={expires}
            onChange={(e) => setExpires(e.currentTarget.value)}
            error={errors.expires_at}
            data-testid="token-expires"
          />
          <div>
            <Button type="submit" loading={create.isPending} data-testid="token-create">
              {t('tokens.create')}
            </Button>
          </div>
        </Stack>
      </form>
      {tokens.data?.length ? (
        <Table mt="lg" striped data-testid="token-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('tokens.name')}</Table.Th>
              <Table.Th>{t('tokens.scopes')}</Table.Th>
              <Table.Th>{t('tokens.lastUsed')}</Table.Th>
              <Table.Th>{t('tokens.expires')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {token.name}
                  </Text>
                  <Text size="xs" c="gray.7">
                    <Code>{token.prefix}…</Code> {token.user.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {token.scopes.map((scope) => (
                      <Badge key={scope} variant="light" size="sm">
                        {scope}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {token.last_used_at
                    ? t('tokens.usedFrom', {
                        when: formatDateTime(token.last_used_at, locale),
                        ip: token.last_used_ip,
                      })
                    : t('tokens.neverUsed')}
                </Table.Td>
                <Table.Td>
                  {token.expires_at ? formatDate(token.expires_at, locale) : t('tokens.noExpiry')}
                </Table.Td>
                <Table.Td>
                  {token.revoked_at ? (
                    <Badge color="gray">{t('tokens.revoked')}</Badge>
                  ) : (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      loading={revoke.isPending && revoke.variables === token.id}
                      onClick={() => revoke.mutate(token.id)}
                      data-testid={`token-revoke-${token.id}`}
                    >
                      {t('tokens.revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Paper>
  );
}
