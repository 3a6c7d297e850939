import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { LocalizedNumberInput } from '../../../components/localized-number-input.tsx';
import { nextTaskIdBody } from '@verba/contracts';
import { serverFieldErrors, zodFieldErrors } from '../../../components/form-errors.ts';
import { useNextTaskId } from '../api/get-next-task-id.ts';
import { useUpdateNextTaskId } from '../api/update-next-task-id.ts';
import formClasses from '../../../components/forms.module.css';

/** The id the next task gets; must be above the highest id already used. */
export function NextTaskIdForm() {
  const { t } = useTranslation('settings');
  const current = useNextTaskId();
  const update = useUpdateNextTaskId();
  const [value, setValue] = useState<number | string>('');
  const [error, setError] = useState<ReactNode>();

  useEffect(() => {
    if (current.data) setValue(current.data.id);
  }, [current.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = nextTaskIdBody.safeParse({ id: value });
    if (!parsed.success) {
      setError(zodFieldErrors(parsed.error.issues).id);
      return;
    }
    setError(undefined);
    update.mutate(parsed.data.id, {
      onSuccess: (result) =>
        notifications.show({
          color: 'green',
          title: t('nextId.doneTitle'),
          message: t('nextId.done', { id: result?.id ?? parsed.data.id }),
        }),
      onError: (failure) => setError(serverFieldErrors(failure)?.id),
    });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="settings-next-id">
      <Title order={2} fz="lg">
        {t('nextId.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {t('nextId.description')}
      </Text>
      <form className={formClasses.form} onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <LocalizedNumberInput
            label={t('nextId.label')}
            value={value}
            onChange={setValue}
            min={1}
            allowDecimal={false}
            grouped={false}
            allowNegative={false}
            error={error}
            disabled={current.isPending}
            w={{ base: '100%', xs: 220 }}
            data-testid="next-task-id"
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            disabled={value === ''}
            loading={update.isPending}
            data-testid="next-task-id-save"
          >
            {t('nextId.save')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
