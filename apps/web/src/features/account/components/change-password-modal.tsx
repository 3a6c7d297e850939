import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { PasswordField } from '../../../components/password-field.tsx';
import { formFailure, type FieldErrors } from '../../../components/form-errors.ts';
import { FormErrorNotice } from '../../../components/form-error-notice.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useChangePasswordMutation } from '../api/change-password.ts';

interface ChangePasswordModalProps {
  onClose: () => void;
}

const FIELDS = ['current_password', 'password', 'password_confirmation'];

/** Asks for the password in use; server errors show per field, first message of each (spec part 2 §5). */
export function ChangePasswordModal({ onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation('account');
  const user = useAuthStore((state) => state.user);
  const mutation = useChangePasswordMutation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    setErrors({});
    setNotice(null);
    mutation.mutate(
      { id: user.id, current_password: current, password, password_confirmation: confirmation },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', title: t('password.doneTitle'), message: result.message });
          onClose();
        },
        onError: (error) => {
          const failure = formFailure(error, FIELDS);
          setErrors(failure.fields);
          setNotice(failure.notice);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('password.title')}
      centered
      radius="md"
      data-testid="modal-change-password"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={errors.current_password}
            name="current_password"
            data-autofocus
          />
          <PasswordField
            label={t('password.new')}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            name="password"
          />
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.password_confirmation}
            name="password_confirmation"
          />
          <FormErrorNotice message={notice} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
