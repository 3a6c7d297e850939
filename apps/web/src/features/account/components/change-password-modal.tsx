import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useChangePasswordMutation } from '../api/change-password.ts';

interface ChangePasswordModalProps {
  onClose: () => void;
}

/** Server errors show per field, first message of each (spec part 2 §5). */
export function ChangePasswordModal({ onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation('account');
  const user = useAuthStore((state) => state.user);
  const mutation = useChangePasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; password_confirmation?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    setErrors({});
    mutation.mutate(
      { id: user.id, password, password_confirmation: confirmation },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', title: t('password.doneTitle'), message: result.message });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422)
            setErrors({
              password: error.fieldError('password'),
              password_confirmation: error.fieldError('password_confirmation'),
            });
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
            label={t('password.new')}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            name="password"
            data-autofocus
          />
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.password_confirmation}
            name="password_confirmation"
          />
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
