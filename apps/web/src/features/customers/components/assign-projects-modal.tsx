import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button, Center, Group, Loader, Modal, Stack, TextInput } from '@mantine/core';
import { assignProjectsBody } from '@verba/contracts';
import { formFailure, zodFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import { FormErrorNotice } from '../../../components/form-error-notice.tsx';
import { useAssignProjects } from '../api/assign-projects.ts';
import { useAssignedProjects } from '../api/get-assigned-projects.ts';
import formClasses from '../../../components/forms.module.css';

/** MemoQ and IDCP project ids of a customer; everything typed is dropped when the modal closes. */
export function AssignProjectsModal({ customerId, onClose }: { customerId: number; onClose: () => void }) {
  const { t } = useTranslation('customers');
  const current = useAssignedProjects(customerId, true);
  const assign = useAssignProjects(customerId);
  const [memoq, setMemoq] = useState('');
  const [idcp, setIdcp] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (current.data) {
      setMemoq(current.data.memoq_project_id);
      setIdcp(current.data.idcp_project_id);
    }
  }, [current.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = assignProjectsBody.safeParse({ memoq_project_id: memoq, idcp_project_id: idcp });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setNotice(null);
    assign.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: t('projects.doneTitle'), message: t('projects.done') });
        onClose();
      },
      onError: (error) => {
        const failure = formFailure(error, ['memoq_project_id', 'idcp_project_id']);
        setErrors(failure.fields);
        setNotice(failure.notice);
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('projects.assign')}
      centered
      radius="md"
      data-testid="modal-assign-projects"
    >
      {current.isPending ? (
        <Center py="lg" role="status" aria-label={t('states.loading', { ns: 'common' })}>
          <Loader size="sm" />
        </Center>
      ) : (
        <form className={formClasses.form} onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('projects.memoq')}
              value={memoq}
              onChange={(event) => setMemoq(event.currentTarget.value)}
              error={errors.memoq_project_id}
              withAsterisk
              data-autofocus
              data-testid="assign-memoq"
            />
            <TextInput
              label={t('projects.idcp')}
              value={idcp}
              onChange={(event) => setIdcp(event.currentTarget.value)}
              error={errors.idcp_project_id}
              data-testid="assign-idcp"
            />
            <FormErrorNotice message={notice} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('actions.cancel', { ns: 'common' })}
              </Button>
              <Button type="submit" loading={assign.isPending} data-testid="assign-save">
                {t('projects.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
