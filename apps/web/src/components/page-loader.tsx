import { useTranslation } from 'react-i18next';
import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('states.loading')}>
      <Loader size="md" />
    </Center>
  );
}
