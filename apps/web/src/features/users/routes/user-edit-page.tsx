import { PageLoader } from '../../../components/page-loader.tsx';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { applyServerErrors, UserForm } from '../components/user-form.tsx';
import { useFromCustomer } from '../components/use-from-customer.ts';

export default function UserEditPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const fromCustomer = useFromCustomer();
  const user = useUser(id);
  const update = useUpdateUser(id);
  const back = () => navigate(`/users/${id}`, { state: fromCustomer ? { fromCustomer } : null });

  if (user.isPending) return <PageLoader />;
  if (!user.data) return <PageHeader title={t('detail.notFound')} />;
  return (
    <div data-testid="user-edit-page">
      <PageHeader
        title={t('edit.title', { name: `${user.data.name} ${user.data.lastname}` })}
        description={user.data.email}
      />
      <UserForm
        key={user.data.id}
        existing={user.data}
        submitLabel={t('edit.submit')}
        saving={update.isPending}
        onCancel={back}
        onSubmit={(body, setErrors) =>
          update.mutate(body, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: t('edit.doneTitle'), message: t('edit.done') });
              back();
            },
            onError: (error) => applyServerErrors(error, setErrors),
          })
        }
      />
    </div>
  );
}
