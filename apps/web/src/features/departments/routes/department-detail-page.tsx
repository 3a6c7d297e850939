import { PageLoader } from '../../../components/page-loader.tsx';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, List, Paper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { DateText } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { userCan } from '../../../lib/permissions.ts';
import { useDepartment } from '../api/get-department.ts';

export default function DepartmentDetailPage() {
  const { t } = useTranslation('departments');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const me = useAuthStore((state) => state.user);
  const department = useDepartment(id);

  if (department.isPending) return <PageLoader />;
  if (!department.data) return <PageHeader title={t('detail.notFound')} />;
  const data = department.data;
  return (
    <div data-testid="department-detail-page">
      <PageHeader
        title={data.title}
        description={t('detail.description')}
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              onClick={() => navigate('/departments')}
            >
              {t('detail.back')}
            </Button>
            {userCan(me, 'departments:manage') ? (
              <Button
                leftSection={<IconPencil size={18} aria-hidden />}
                onClick={() => navigate(`/departments/${id}/edit`)}
                data-testid="department-edit"
              >
                {t('detail.edit')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Text size="sm" c="gray.7">
          {t('list.created')}: <DateText value={data.created_at} />
        </Text>
        <Title order={2} fz="lg" mt="lg" mb="sm">
          {t('fields.users')}
        </Title>
        {data.users.length ? (
          <List spacing="xs" data-testid="department-detail-users">
            {data.users.map((user) => (
              <List.Item key={user.id}>
                {user.name} {user.lastname} ·{' '}
                <Text span c="gray.7">
                  {user.email}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">{t('list.noUsers')}</Text>
        )}
      </Paper>
    </div>
  );
}
