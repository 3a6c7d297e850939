import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export function RenderErrorNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('errors.renderTitle')}
      role="alert"
      data-testid="render-error"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('errors.render')}</Text>
        <Button variant="white" color="red" size="xs" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}
