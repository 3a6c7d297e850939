import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCreateUser } from '../api/create-user.ts';
import { returnPath } from '../components/user-form-rules.ts';
import { applyServerErrors, UserForm } from '../components/user-form.tsx';
import { useFromCustomer } from '../components/use-from-customer.ts';

export default function UserCreatePage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const fromCustomer = useFromCustomer();
  const create = useCreateUser();
  const back = returnPath(fromCustomer);
  return (
    <div data-testid="user-create-page">
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <UserForm
        fromCustomer={fromCustomer}
        submitLabel={t('create.submit')}
        saving={create.isPending}
        onCancel={() => navigate(back)}
        onSubmit={(body, setErrors) =>
          create.mutate(body, {
            onSuccess: (user) => {
              notifications.show({
                color: 'green',
                title: t('create.doneTitle'),
                message: t('create.done', { email: user.email }),
                autoClose: 8000,
              });
              navigate(fromCustomer ? back : `/users/${user.id}`);
            },
            onError: (error) => applyServerErrors(error, setErrors),
          })
        }
      />
    </div>
  );
}
