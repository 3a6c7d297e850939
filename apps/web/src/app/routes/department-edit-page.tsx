import { PageLoader } from '../../components/page-loader.tsx';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { serverFieldErrors } from '../../components/form-errors.ts';
import { PageHeader } from '../../components/page-header.tsx';
import {
  useConfirmDeleteDepartment,
  useDepartment,
  useUpdateDepartment,
} from '../../features/departments/index.ts';
import { DepartmentMemberForm } from './department-member-form.tsx';

export default function DepartmentEditPage() {
  const { t } = useTranslation('departments');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const department = useDepartment(id);
  const update = useUpdateDepartment(id);
  const confirmDelete = useConfirmDeleteDepartment(() => navigate('/departments'));

  if (department.isPending) return <PageLoader />;
  if (!department.data) return <PageHeader title={t('detail.notFound')} />;
  const data = department.data;
  return (
    <div data-testid="department-edit-page">
      <PageHeader
        title={t('edit.title', { title: data.title })}
        description={t('edit.description')}
        actions={
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => confirmDelete(data)}
            data-testid="department-delete"
          >
            {t('delete.confirm')}
          </Button>
        }
      />
      <DepartmentMemberForm
        key={data.id}
        existing={data}
        submitLabel={t('edit.submit')}
        saving={update.isPending}
        onCancel={() => navigate('/departments')}
        onSubmit={(body, setErrors) =>
          update.mutate(body, {
            onSuccess: () => {
              notifications.show({ color: 'green', title: t('edit.doneTitle'), message: t('edit.done') });
              navigate('/departments');
            },
            onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
          })
        }
      />
    </div>
  );
}
