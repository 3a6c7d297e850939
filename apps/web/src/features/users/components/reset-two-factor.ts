import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useModalStore } from '../../../components/modals/modal-store.ts';
import { useResetTwoFactor } from '../api/reset-two-factor.ts';

/** Asks, resets the user's second factor, and says so. */
export function useConfirmResetTwoFactor() {
  const { t } = useTranslation('users');
  const openModal = useModalStore((state) => state.openModal);
  const reset = useResetTwoFactor();
  return (user: { id: number; name: string; lastname: string }) =>
    openModal('confirm', {
      title: t('twoFactorReset.title'),
      message: t('twoFactorReset.message', { name: `${user.name} ${user.lastname}` }),
      confirmLabel: t('twoFactorReset.confirm'),
      danger: true,
      onConfirm: async () => {
        const result = await reset.mutateAsync(user.id);
        notifications.show({ color: 'green', title: t('twoFactorReset.doneTitle'), message: result.message });
      },
    });
}
