import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../lib/api-client.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useChangeStatusMutation } from '../api/change-status.ts';
import { useTask } from '../api/get-task.ts';
import { TaskStateBadge } from '../components/task-state-badge.tsx';
import { hasStatusScreen, statusOptions, type StaffTarget } from '../lib/status-options.ts';
import { translatedMessage } from '../../../components/form-errors.ts';

export default function TaskStatusPage() {
  const { t } = useTranslation('tasks');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const task = useTask(id);
  const change = useChangeStatusMutation();
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<ReactNode>(null);
  if (!task.data) return <PageLoader />;
  const guest = task.data.customer === null;
  if (!hasStatusScreen(task.data.state, guest)) return <Navigate to="/tasks" replace />;
  const options = statusOptions(task.data.state, guest);

  return (
    <div data-testid="task-status-page">
      <PageHeader
        title={t('status.title', { code: task.data.code || id })}
        description={task.data.description}
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={640}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!target) {
              setError(translatedMessage('tasks', 'status.pick'));
              return;
            }
            setError(null);
            change.mutate(
              { id, state: target as StaffTarget },
              {
                onSuccess: () => {
                  notifications.show({
                    color: 'teal',
                    message: t('status.done', { state: t(`states.${target}`) }),
                  });
                  // Spec part 1 §6: after a status update the user goes back to the list, with the toast.
                  void navigate('/tasks');
                },
                onError: (failure) => {
                  if (failure instanceof ApiError) setError(failure.body?.message ?? t('status.failed'));
                },
              },
            );
          }}
        >
          <Stack gap="md">
            <Group gap="xs">
              <Text size="sm" c="gray.7">
                {t('status.current')}
              </Text>
              <TaskStateBadge state={task.data.state} />
            </Group>
            <Radio.Group label={t('status.newState')} value={target} onChange={setTarget} withAsterisk>
              <Stack gap="xs" mt="xs">
                {options.map((state) => (
                  <Radio
                    key={state}
                    value={state}
                    label={t(`states.${state}`)}
                    data-testid={`status-${state}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {error ? (
              <Alert color="red" role="alert" data-testid="status-error">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={`/tasks/${id}`}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={change.isPending} data-testid="status-save">
                {t('status.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </div>
  );
}
