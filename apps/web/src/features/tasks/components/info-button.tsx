import { ActionIcon } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useModalStore } from '../../../components/modals/modal-store.ts';

/** The "i" button of a detail section: opens the section's help text (spec part 1, info modals). */
export function InfoButton({ section }: { section: string }) {
  const { t } = useTranslation('tasks');
  const openModal = useModalStore((state) => state.openModal);
  const title = t(`help.${section}.title`);
  return (
    <ActionIcon
      variant="subtle"
      size="md"
      aria-label={t('help.open', { section: title })}
      onClick={() => openModal('info', { title, body: t(`help.${section}.body`) })}
      data-testid={`info-${section}`}
    >
      <IconInfoCircle size={18} aria-hidden />
    </ActionIcon>
  );
}
