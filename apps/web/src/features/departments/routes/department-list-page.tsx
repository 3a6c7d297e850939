import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Anchor, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconBuildingCommunity, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { DateText } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { userCan } from '../../../lib/permissions.ts';
import { useDepartments } from '../api/get-departments.ts';
import { useConfirmDeleteDepartment } from '../components/delete-department.ts';
import type { DepartmentDto as Department } from '@verba/contracts';

export default function DepartmentListPage() {
  const { t } = useTranslation('departments');
  const navigate = useNavigate();
  const me = useAuthStore((state) => state.user);
  const canManage = userCan(me, 'departments:manage');
  const departments = useDepartments();
  const confirmDelete = useConfirmDeleteDepartment();

  return (
    <div data-testid="department-list-page">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          canManage ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => navigate('/departments/create')}
              data-testid="add-department"
            >
              {t('list.add')}
            </Button>
          ) : null
        }
      />
      <PagedTable
        caption={t('list.title')}
        rows={departments.data}
        rowKey={(department) => department.id}
        rowTestId={(department) => `department-row-${department.id}`}
        rowHref={(department) =>
          canManage ? `/departments/${department.id}/edit` : `/departments/${department.id}`
        }
        loading={departments.isPending}
        loadingLabel={t('states.loading', { ns: 'common' })}
        testId="department-table"
        total={departments.data ? t('list.total', { count: departments.data.length }) : null}
        empty={
          <EmptyState
            icon={<IconBuildingCommunity size={30} aria-hidden />}
            title={t('list.emptyTitle')}
            description={t('list.empty')}
            testId="departments-empty"
          />
        }
        columns={[
          {
            key: 'title',
            header: t('list.name'),
            render: (department) => (
              <Anchor
                component={Link}
                to={canManage ? `/departments/${department.id}/edit` : `/departments/${department.id}`}
                fw={600}
                tabIndex={-1}
              >
                {department.title}
              </Anchor>
            ),
          },
          {
            key: 'users',
            header: t('list.users'),
            render: (department) => (
              <Text size="sm" lineClamp={2}>
                {department.users.length
                  ? department.users.map((user) => `${user.name} ${user.lastname}`).join(', ')
                  : t('list.noUsers')}
              </Text>
            ),
          },
          {
            key: 'created',
            header: t('list.created'),
            render: (department) => <DateText value={department.created_at} />,
            wide: true,
          },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  header: t('list.actions'),
                  align: 'right' as const,
                  render: (department: Department) => (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={t('list.edit', { title: department.title })}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('list.edit', { title: department.title })}
                          onClick={() => navigate(`/departments/${department.id}/edit`)}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('delete.label', { title: department.title })}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('delete.label', { title: department.title })}
                          onClick={() => confirmDelete(department)}
                          data-testid={`delete-department-${department.id}`}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
