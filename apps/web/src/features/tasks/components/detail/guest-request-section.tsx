import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ConvertGuestInput, GuestRequest } from '@verba/contracts';
import { DetailList } from '../../../../components/detail-list.tsx';
import { formFailure, type FieldErrors } from '../../../../components/form-errors.ts';
import { FormErrorNotice } from '../../../../components/form-error-notice.tsx';
import { useAuthStore } from '../../../../lib/auth-store.ts';
import { userCan } from '../../../../lib/permissions.ts';
import { useConvertGuest } from '../../api/convert-guest.ts';
import { useGuestRequest } from '../../api/get-guest-request.ts';
import type { TaskDetail } from '../../api/types.ts';
import { Section } from '../section.tsx';

/**
 * Staff, on a guest task (no customer): who asked for the quote, and (admin) turning the request
 * into a customer with its client admin, pre-filled from the request.
 */
export function GuestRequestSection({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const user = useAuthStore((state) => state.user);
  const [open, setOpen] = useState(false);
  const request = useGuestRequest(task.id);
  if (!request.data) return null;
  const r = request.data;
  return (
    <Section
      title={t('guest.title')}
      testId="task-guest-request"
      actions={
        userCan(user, 'customers:create') ? (
          <Button size="xs" onClick={() => setOpen(true)} data-testid="task-guest-convert">
            {t('guest.convert')}
          </Button>
        ) : null
      }
    >
      <DetailList
        items={[
          { label: t('guest.company'), value: r.company_name ?? '—' },
          { label: t('guest.person'), value: `${r.first_name} ${r.last_name}` },
          { label: t('guest.email'), value: r.email },
          { label: t('guest.phone'), value: r.phone_number },
        ]}
      />
      {open ? <ConvertModal task={task} request={r} onClose={() => setOpen(false)} /> : null}
    </Section>
  );
}

export function ConvertModal({
  task,
  request,
  onClose,
}: {
  task: TaskDetail;
  request: GuestRequest;
  onClose: () => void;
}) {
  const { t } = useTranslation('tasks');
  const [values, setValues] = useState<ConvertGuestInput>({
    customer_name: request.company_name || `${request.first_name} ${request.last_name}`,
    name: request.first_name,
    lastname: request.last_name,
    email: request.email,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const convert = useConvertGuest(task.id);
  const field = (key: keyof ConvertGuestInput, label: string) => (
    <TextInput
      label={label}
      withAsterisk
      value={values[key] ?? ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [key]: value }));
      }}
      error={errors[key]}
      data-testid={`guest-convert-${key}`}
    />
  );
  return (
    <Modal opened onClose={onClose} title={t('guest.convertTitle')} data-testid="guest-convert-modal">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setNotice(null);
          convert.mutate(values, {
            onSuccess: (data) => {
              notifications.show({ color: 'teal', message: data.message });
              onClose();
            },
            onError: (error) => {
              const failure = formFailure(error, ['customer_name', 'name', 'lastname', 'email']);
              setErrors(failure.fields);
              setNotice(failure.notice);
            },
          });
        }}
      >
        <Stack>
          {field('customer_name', t('guest.customerName'))}
          {field('name', t('guest.adminName'))}
          {field('lastname', t('guest.adminLastname'))}
          {field('email', t('guest.email'))}
          <FormErrorNotice message={notice} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={convert.isPending} data-testid="guest-convert-save">
              {t('guest.convert')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
