import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '@verba/contracts';

/** The sentence of a notification in the reader's language. */
export function useNotificationText() {
  const { t, i18n } = useTranslation();
  return (n: Pick<NotificationItem, 'kind' | 'values'>) => {
    const date =
      typeof n.values.date === 'string' ? new Date(n.values.date).toLocaleDateString(i18n.language) : '—';
    return t(`notifications.kinds.${n.kind}`, { ...n.values, date });
  };
}
