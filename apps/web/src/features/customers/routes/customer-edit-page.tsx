import { PageLoader } from '../../../components/page-loader.tsx';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCoin, IconFolderPlus } from '@tabler/icons-react';
import { DateText, Money } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { userCan } from '../../../lib/permissions.ts';
import { useBonuses } from '../api/get-bonuses.ts';
import { useCustomer } from '../api/get-customer.ts';
import { useCustomerUsers } from '../api/get-customer-users.ts';
import { useUpdateCustomer } from '../api/update-customer.ts';
import { AssignProjectsModal } from '../components/assign-projects-modal.tsx';
import { BonusModal } from '../components/bonus-modal.tsx';
import { applyServerErrors, CustomerForm, initialCustomerValues } from '../components/customer-form.tsx';
import { CustomerUsers } from '../components/customer-users.tsx';
import { CustomerRateSections } from '../../rates/index.ts';
import { CustomerMemories } from '../../memories/index.ts';

export default function CustomerEditPage() {
  // The sections' namespaces (rate sections, payable grid bands, memories) load together with the
  // page's, not one after another as each section first renders and suspends.
  const { t } = useTranslation(['customers', 'rates', 'memories', 'tasks']);
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const user = useAuthStore((state) => state.user);
  const customer = useCustomer(id);
  const users = useCustomerUsers(id);
  const isAdmin = userCan(user, 'customers:bonuses');
  const canAssign = userCan(user, 'customers:assign-projects');
  const canManageMemories = userCan(user, 'memories:manage');
  const bonuses = useBonuses(id, isAdmin);
  const update = useUpdateCustomer(id);
  const [modal, setModal] = useState<'bonus' | 'projects' | null>(null);

  if (customer.isPending) return <PageLoader />;
  if (!customer.data)
    return (
      <div data-testid="customer-edit-page">
        <PageHeader title={t('edit.notFound')} />
        <Button variant="default" onClick={() => navigate('/customers')}>
          {t('edit.back')}
        </Button>
      </div>
    );

  const data = customer.data;
  const balance = bonuses.data?.balance ?? data.balance;

  return (
    <div data-testid="customer-edit-page">
      <PageHeader
        title={data.name}
        description={t('edit.description', { id: data.id })}
        actions={
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            onClick={() => navigate('/customers')}
          >
            {t('edit.back')}
          </Button>
        }
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Paper withBorder p="lg">
            <Text size="sm" c="gray.7" fw={500}>
              {t('edit.id')}
            </Text>
            <Text fz={24} fw={700} data-testid="customer-id">
              {data.id}
            </Text>
            <Badge mt={4} color={data.is_active ? 'green' : 'gray'} c="dark.7" variant="dot">
              {data.is_active ? t('status.active') : t('status.inactive')}
            </Badge>
          </Paper>
          <Paper withBorder p="lg">
            <Text size="sm" c="gray.7" fw={500}>
              {t('edit.balance')}
            </Text>
            <Text fz={24} fw={700} data-testid="customer-balance">
              <Money amount={balance} />
            </Text>
            {isAdmin ? (
              <Button
                mt={4}
                size="xs"
                variant="light"
                leftSection={<IconCoin size={16} aria-hidden />}
                onClick={() => setModal('bonus')}
                data-testid="open-bonus"
              >
                {t('bonuses.add')}
              </Button>
            ) : null}
          </Paper>
          <Paper withBorder p="lg">
            <Text size="sm" c="gray.7" fw={500}>
              {t('projects.title')}
            </Text>
            <Text size="sm" mt={4} data-testid="customer-memoq">
              {t('projects.memoq')}: <b>{data.memoq_project_id || t('projects.none')}</b>
            </Text>
            <Text size="sm" data-testid="customer-idcp">
              {t('projects.idcp')}: <b>{data.idcp_project_id || t('projects.none')}</b>
            </Text>
            {canAssign ? (
              <Button
                mt={6}
                size="xs"
                variant="light"
                leftSection={<IconFolderPlus size={16} aria-hidden />}
                onClick={() => setModal('projects')}
                data-testid="open-assign-projects"
              >
                {t('projects.assign')}
              </Button>
            ) : null}
          </Paper>
        </SimpleGrid>

        <CustomerForm
          key={data.id}
          initial={initialCustomerValues(data)}
          submitLabel={t('edit.submit')}
          saving={update.isPending}
          onCancel={() => navigate('/customers')}
          onSubmit={(body, setErrors) =>
            update.mutate(body, {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  title: t('edit.doneTitle'),
                  message: t('edit.done', { name: body.name }),
                }),
              onError: (error) => applyServerErrors(error, setErrors),
            })
          }
        />

        <CustomerUsers customerId={id} users={users.data?.users} loading={users.isPending} />

        {isAdmin ? (
          <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="customer-bonuses">
            <Group justify="space-between" mb="md">
              <Title order={2} fz="lg">
                {t('bonuses.title')}
              </Title>
              <Button
                variant="light"
                leftSection={<IconCoin size={18} aria-hidden />}
                onClick={() => setModal('bonus')}
              >
                {t('bonuses.add')}
              </Button>
            </Group>
            <PagedTable
              caption={t('bonuses.title')}
              rows={bonuses.data?.bonuses}
              rowKey={(bonus) => bonus.id}
              rowTestId={(bonus) => `bonus-${bonus.id}`}
              loading={bonuses.isPending}
              loadingLabel={t('states.loading', { ns: 'common' })}
              empty={
                <Text size="sm" c="gray.7">
                  {t('bonuses.empty')}
                </Text>
              }
              columns={[
                {
                  key: 'date',
                  header: t('bonuses.date'),
                  render: (bonus) => <DateText value={bonus.created_at} />,
                },
                {
                  key: 'amount',
                  header: t('bonuses.amount'),
                  align: 'right',
                  render: (bonus) => (
                    <Text span fw={600} c={Number(bonus.amount) < 0 ? 'red.9' : undefined}>
                      <Money amount={bonus.amount} />
                    </Text>
                  ),
                },
                {
                  key: 'description',
                  header: t('bonuses.description'),
                  render: (bonus) => bonus.description || '—',
                },
                {
                  key: 'users',
                  header: t('bonuses.users'),
                  wide: true,
                  render: (bonus) =>
                    bonus.users.length
                      ? bonus.users.map((u) => `${u.name} ${u.lastname}`).join(', ')
                      : t('bonuses.allUsers'),
                },
                {
                  key: 'createdBy',
                  header: t('bonuses.createdBy'),
                  wide: true,
                  render: (bonus) => bonus.created_by || '—',
                },
              ]}
            />
          </Paper>
        ) : null}

        <CustomerRateSections customerId={id} canManage={userCan(user, 'rates:manage')} />

        {canManageMemories ? <CustomerMemories customerId={id} /> : null}
      </Stack>

      {modal === 'bonus' ? (
        <BonusModal customerId={id} users={users.data?.users ?? []} onClose={() => setModal(null)} />
      ) : null}
      {modal === 'projects' ? <AssignProjectsModal customerId={id} onClose={() => setModal(null)} /> : null}
    </div>
  );
}
