import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { DateText } from '../../../components/money.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import type { CustomerUserDto as CustomerUser } from '@verba/contracts';

/** The customer's users; new ones are created from here with the customer preset. */
export function CustomerUsers({
  customerId,
  users,
  loading,
}: {
  customerId: number;
  users: CustomerUser[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="customer-users">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {t('users.title')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => navigate('/users/create', { state: { fromCustomer: customerId } })}
          data-testid="customer-add-user"
        >
          {t('users.add')}
        </Button>
      </Group>
      <PagedTable
        caption={t('users.title')}
        rows={users}
        rowKey={(user) => user.id}
        rowTestId={(user) => `customer-user-${user.id}`}
        rowHref={(user) => `/users/${user.id}`}
        rowState={() => ({ fromCustomer: customerId })}
        loading={loading}
        loadingLabel={t('states.loading', { ns: 'common' })}
        empty={
          <Group gap="sm" c="gray.7" py="md">
            <IconUsers size={20} aria-hidden />
            <Text size="sm">{t('users.empty')}</Text>
          </Group>
        }
        columns={[
          {
            key: 'name',
            header: t('users.name'),
            render: (user) => (
              <Anchor
                component={Link}
                to={`/users/${user.id}`}
                state={{ fromCustomer: customerId }}
                fw={600}
                tabIndex={-1}
              >
                {user.name} {user.lastname}
              </Anchor>
            ),
          },
          {
            key: 'email',
            header: t('users.email'),
            render: (user) => (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            ),
            wide: true,
          },
          {
            key: 'type',
            header: t('users.type'),
            render: (user) => t(`roles.${user.type}`, { ns: 'common' }),
          },
          {
            key: 'status',
            header: t('users.status'),
            render: (user) => (
              <Badge color={user.is_active ? 'green' : 'gray'} c="dark.7" variant="dot">
                {user.is_active ? t('status.active') : t('status.inactive')}
              </Badge>
            ),
            wide: true,
          },
          {
            key: 'lastLogin',
            header: t('users.lastLogin'),
            render: (user) =>
              user.last_login_at ? <DateText value={user.last_login_at} /> : t('users.never'),
            wide: true,
          },
        ]}
      />
    </Paper>
  );
}
