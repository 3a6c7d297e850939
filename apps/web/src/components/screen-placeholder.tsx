import { useTranslation } from 'react-i18next';
import { Badge, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { PageHeader } from './page-header.tsx';

/**
 * A screen whose content arrives with a later issue: the route, menu entry and permission are
 * real now; the body says plainly what will be here.
 */
export function ScreenPlaceholder({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`screen-${screen}`}>
      <PageHeader title={t(`screens.${screen}.title`)} description={t(`screens.${screen}.description`)} />
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" gap="sm" ta="center" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light" color="ink">
            <IconHourglassHigh size={28} aria-hidden />
          </ThemeIcon>
          <Badge variant="light" color="ink">
            {t('placeholder.badge')}
          </Badge>
          <Text fw={600}>{t('placeholder.title')}</Text>
          <Text c="gray.7" maw={480} size="sm">
            {t('placeholder.description')}
          </Text>
        </Stack>
      </Paper>
    </div>
  );
}
