import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { SsoProviderDto } from '@verba/contracts';
import { modals } from '../../../components/modals/modal-store.ts';
import { useSsoProviders } from '../api/get-sso-providers.ts';
import { useDeleteSsoProvider } from '../api/delete-sso-provider.ts';
import { SsoProviderForm } from './sso-provider-form.tsx';

/** The provider admin's identity providers: one per customer or for the staff, with their domains. */
export function SsoProvidersSection() {
  const { t } = useTranslation('settings');
  const providers = useSsoProviders();
  const remove = useDeleteSsoProvider();
  const [editing, setEditing] = useState<SsoProviderDto | 'new' | null>(null);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="settings-sso">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <div>
          <Title order={2} fz="lg">
            {t('sso.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('sso.intro', { redirect: `${window.location.origin}/login/sso` })}
          </Text>
        </div>
        {editing === null ? (
          <Button onClick={() => setEditing('new')} data-testid="sso-add">
            {t('sso.add')}
          </Button>
        ) : null}
      </Group>
      {editing !== null ? (
        <SsoProviderForm
          key={editing === 'new' ? 'new' : editing.id}
          provider={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : providers.isPending ? (
        <Center py="lg" role="status" aria-label={t('states.loading', { ns: 'common' })}>
          <Loader size="sm" />
        </Center>
      ) : (providers.data ?? []).length === 0 ? (
        <Text c="gray.7" data-testid="sso-empty">
          {t('sso.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {(providers.data ?? []).map((provider) => (
            <Card key={provider.id} withBorder padding="md" data-testid={`sso-provider-${provider.id}`}>
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                  <Text fw={600}>{provider.customer_name ?? t('sso.staff')}</Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {provider.issuer_url}
                  </Text>
                  <Group gap={6}>
                    {provider.domains.map((domain) => (
                      <Badge key={domain} variant="light" tt="none">
                        {domain}
                      </Badge>
                    ))}
                  </Group>
                  <Text size="xs" c="gray.7">
                    {provider.password_sign_in ? t('sso.passwordOn') : t('sso.passwordOff')}
                    {provider.customer_id !== null
                      ? ` · ${provider.create_users ? t('sso.createOn') : t('sso.createOff')}`
                      : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button variant="default" size="xs" onClick={() => setEditing(provider)}>
                    {t('sso.edit')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    loading={remove.isPending && remove.variables === provider.id}
                    onClick={() =>
                      modals.open('confirm', {
                        title: t('sso.delete'),
                        message: t('sso.confirmDelete', { issuer: provider.issuer_url }),
                        confirmLabel: t('sso.delete'),
                        danger: true,
                        onConfirm: () => remove.mutate(provider.id),
                      })
                    }
                  >
                    {t('sso.delete')}
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
