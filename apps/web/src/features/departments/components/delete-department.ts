import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useModalStore } from '../../../components/modals/modal-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { DepartmentDto as Department } from '@verba/contracts';
import { useDeleteDepartment } from '../api/delete-department.ts';

/**
 * Asks, then deletes. A department that still has users is refused (422): the reason
 * ("It still has 2 users: …") is shown in an alert the user must close.
 */
export function useConfirmDeleteDepartment(onDone?: () => void) {
  const { t } = useTranslation('departments');
  const openModal = useModalStore((state) => state.openModal);
  const remove = useDeleteDepartment();
  return (department: Pick<Department, 'id' | 'title'>) =>
    openModal('confirm', {
      title: t('delete.title'),
      message: t('delete.message', { title: department.title }),
      confirmLabel: t('delete.confirm'),
      danger: true,
      onConfirm: async () => {
        try {
          await remove.mutateAsync(department.id);
          notifications.show({
            color: 'green',
            title: t('delete.doneTitle'),
            message: t('delete.done', { title: department.title }),
          });
          onDone?.();
        } catch (error) {
          if (error instanceof ApiError && error.status === 422) {
            const reasons = Object.values(error.body?.errors ?? {}).flat();
            setTimeout(
              () =>
                openModal('alert', {
                  title: error.body?.message ?? t('delete.refusedTitle'),
                  message: reasons.join(' ') || t('delete.refused'),
                }),
              0,
            );
          }
        }
      },
    });
}
