import { useTranslation } from 'react-i18next';

/**
 * A message translated where it is shown, so that a refusal already on screen follows a change of
 * the interface's language (a message translated when it was made would stay in the old one).
 */
export function TranslatedMessage({
  ns,
  id,
  values,
}: {
  ns: string;
  id: string;
  values?: Record<string, unknown> | undefined;
}) {
  const { t } = useTranslation(ns);
  return <>{t(id, { defaultValue: id, ...values })}</>;
}
