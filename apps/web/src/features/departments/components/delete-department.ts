import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useModalStore } from '../../../components/modals/modal-store.ts';
import type { DepartmentDto as Department } from '@verba/contracts';
import { useDeleteDepartment } from '../api/delete-department.ts';

/**
 * A department that still has users cannot be deleted: that is said up front, with how many and
 * who, instead of a question first. An empty one is asked about, then deleted; a refusal the API
 * still answers (a user added meanwhile) shows in the question's own modal.
 */
export function useConfirmDeleteDepartment(onDone?: () => void) {
  const { t } = useTranslation('departments');
  const openModal = useModalStore((state) => state.openModal);
  const remove = useDeleteDepartment();
  return (department: Pick<Department, 'id' | 'title' | 'users'>) => {
    const users = department.users;
    if (users.length > 0) {
      openModal('alert', {
        title: t('delete.refusedTitle'),
        message: t('delete.hasUsers', {
          count: users.length,
          title: department.title,
          names: users.map((user) => `${user.name} ${user.lastname}`.trim()).join(', '),
        }),
      });
      return;
    }
    openModal('confirm', {
      title: t('delete.title'),
      message: t('delete.message', { title: department.title }),
      confirmLabel: t('delete.confirm'),
      cancelLabel: t('delete.keep'),
      danger: true,
      onConfirm: async () => {
        await remove.mutateAsync(department.id);
        notifications.show({
          id: 'department-deleted',
          color: 'green',
          title: t('delete.doneTitle'),
          message: t('delete.done', { title: department.title }),
        });
        onDone?.();
      },
    });
  };
}
