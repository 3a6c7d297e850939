import { useTranslation } from 'react-i18next';
import { Alert, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TaskDetail } from '../../api/types.ts';

const DARK_TITLE = { title: { color: 'var(--mantine-color-dark-7)' } };

/** The analysis under way, or the files it could not read. */
export function AnalysisAlerts({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const calculating = task.state === 'CALCULATING';
  const failed = task.source_files.filter((file) => file.error);
  return (
    <>
      {calculating ? (
        <Alert
          color="cyan"
          icon={<Loader size="sm" aria-hidden />}
          title={t('detail.analysis.title')}
          data-testid="analysis-progress"
          styles={DARK_TITLE}
        >
          <Stack gap="xs">
            <Text size="sm" role="status">
              {t('detail.analysis.body', { count: task.source_files.length })}
            </Text>
            <Progress value={100} animated striped aria-label={t('detail.analysis.title')} />
          </Stack>
        </Alert>
      ) : null}
      {!calculating && (failed.length > 0 || task.analysis_error) ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('detail.analysis.failedTitle')}
          data-testid="analysis-failed"
          styles={DARK_TITLE}
        >
          {failed.length > 0
            ? t('detail.analysis.failedBody', { names: failed.map((file) => file.file_name).join(', ') })
            : t(task.analysis_error ?? '', { defaultValue: t('analysis.errors.internal') })}
        </Alert>
      ) : null}
    </>
  );
}
