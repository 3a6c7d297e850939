import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useModalStore } from '../../../components/modals/modal-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDeleteUser } from '../api/delete-user.ts';

/** Asks, deletes (or deactivates a user with tasks), and says what happened. */
export function useConfirmDeleteUser(onDone?: () => void) {
  const { t } = useTranslation('users');
  const openModal = useModalStore((state) => state.openModal);
  const remove = useDeleteUser();
  return (user: { id: number; name: string; lastname: string }) =>
    openModal('confirm', {
      title: t('delete.title'),
      message: t('delete.message', { name: `${user.name} ${user.lastname}` }),
      confirmLabel: t('delete.confirm'),
      danger: true,
      onConfirm: async () => {
        try {
          const result = await remove.mutateAsync(user.id);
          notifications.show({
            color: result.deactivated ? 'yellow' : 'green',
            title: result.deactivated ? t('delete.deactivatedTitle') : t('delete.doneTitle'),
            message: result.message,
          });
          onDone?.();
        } catch (error) {
          if (error instanceof ApiError && error.status === 422)
            notifications.show({
              color: 'red',
              title: t('delete.refusedTitle'),
              message: Object.values(error.body?.errors ?? {}).flat()[0] ?? error.message,
            });
        }
      },
    });
}
