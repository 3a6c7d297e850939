import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { serverFieldErrors } from '../../components/form-errors.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useCreateDepartment } from '../../features/departments/index.ts';
import { DepartmentMemberForm } from './department-member-form.tsx';

export default function DepartmentCreatePage() {
  const { t } = useTranslation('departments');
  const navigate = useNavigate();
  const create = useCreateDepartment();
  return (
    <div data-testid="department-create-page">
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <DepartmentMemberForm
        submitLabel={t('create.submit')}
        saving={create.isPending}
        onCancel={() => navigate('/departments')}
        onSubmit={(body, setErrors) =>
          create.mutate(body, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                title: t('create.doneTitle'),
                message: t('create.done', { title: body.title }),
              });
              navigate('/departments');
            },
            onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
          })
        }
      />
    </div>
  );
}
