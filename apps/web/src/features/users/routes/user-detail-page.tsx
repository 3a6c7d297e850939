import { PageLoader } from '../../../components/page-loader.tsx';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, Paper } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { DetailList } from '../../../components/detail-list.tsx';
import { Money } from '../../../components/money.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useUser } from '../api/get-user.ts';
import { useConfirmDeleteUser } from '../components/delete-user.ts';
import { useConfirmResetTwoFactor } from '../components/reset-two-factor.ts';
import { returnPath } from '../components/user-form-rules.ts';
import { useFromCustomer } from '../components/use-from-customer.ts';

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Español', ca: 'Català' };

export default function UserDetailPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const fromCustomer = useFromCustomer();
  const me = useAuthStore((state) => state.user);
  const user = useUser(id);
  const back = returnPath(fromCustomer);
  const confirmDelete = useConfirmDeleteUser(() => navigate(back));
  const confirmReset = useConfirmResetTwoFactor();

  if (user.isPending) return <PageLoader />;
  if (!user.data)
    return (
      <div data-testid="user-detail-page">
        <PageHeader title={t('detail.notFound')} />
      </div>
    );
  const data = user.data;
  const items = [
    { label: t('fields.name'), value: data.name, testId: 'user-detail-name' },
    { label: t('fields.lastname'), value: data.lastname },
    { label: t('fields.email'), value: data.email, testId: 'user-detail-email' },
    { label: t('fields.phone'), value: data.phone || t('detail.notGiven') },
    { label: t('fields.type'), value: t(`roles.${data.type}`, { ns: 'common' }), testId: 'user-detail-type' },
    { label: t('fields.language'), value: LANGUAGE_NAMES[data.language] ?? data.language },
    {
      label: t('fields.status'),
      value: (
        <Badge color={data.is_active ? 'green' : 'gray'} c="dark.7" variant="dot">
          {data.is_active ? t('status.active') : t('status.inactive')}
        </Badge>
      ),
    },
  ];
  if (data.customer)
    items.push({ label: t('fields.customer'), value: data.customer.name, testId: undefined });
  if (data.type === 'CLIENT_USER')
    items.push({
      label: t('fields.departments'),
      value: data.departments.length
        ? data.departments.map((department) => department.title).join(', ')
        : t('detail.noDepartments'),
      testId: 'user-detail-departments',
    });
  if (data.bonus !== undefined && data.bonus !== null)
    items.push({ label: t('fields.bonus'), value: <Money amount={data.bonus} />, testId: undefined });

  return (
    <div data-testid="user-detail-page">
      <PageHeader
        title={`${data.name} ${data.lastname}`}
        description={t(`roles.${data.type}`, { ns: 'common' })}
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              onClick={() => navigate(back)}
            >
              {fromCustomer ? t('detail.backToCustomer') : t('detail.back')}
            </Button>
            {data.id === me?.id ? null : (
              <Button
                variant="default"
                leftSection={<IconShieldOff size={18} aria-hidden />}
                onClick={() => confirmReset(data)}
                data-testid="user-two-factor-reset"
              >
                {t('twoFactorReset.confirm')}
              </Button>
            )}
            {data.id === me?.id ? null : (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={() => confirmDelete(data)}
                data-testid="user-delete"
              >
                {t('delete.confirm')}
              </Button>
            )}
            <Button
              leftSection={<IconPencil size={18} aria-hidden />}
              onClick={() => navigate(`/users/${id}/edit`, { state: fromCustomer ? { fromCustomer } : null })}
              data-testid="user-edit"
            >
              {t('detail.edit')}
            </Button>
          </Group>
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <DetailList items={items} />
      </Paper>
    </div>
  );
}
