import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { LocalizedNumberInput } from '../../../components/localized-number-input.tsx';
import { bonusBody } from '@verba/contracts';
import { formFailure, zodFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import { FormErrorNotice } from '../../../components/form-error-notice.tsx';
import type { CustomerUserDto as CustomerUser } from '@verba/contracts';
import { useCreateBonus } from '../api/create-bonus.ts';
import formClasses from '../../../components/forms.module.css';

interface BonusModalProps {
  customerId: number;
  users: CustomerUser[];
  onClose: () => void;
}

/** Adds (or, with a negative amount, removes) balance for a customer (VERBA_ADMIN). */
export function BonusModal({ customerId, users, onClose }: BonusModalProps) {
  const { t } = useTranslation('customers');
  const create = useCreateBonus();
  const [amount, setAmount] = useState<number | string>('');
  const [description, setDescription] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bonusBody.safeParse({
      customer_id: customerId,
      amount: amount === '' ? undefined : amount,
      description,
      users: selected.map(Number),
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setNotice(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: t('bonuses.doneTitle'), message: t('bonuses.done') });
        onClose();
      },
      onError: (error) => {
        const failure = formFailure(error, ['amount', 'description', 'users']);
        setErrors(failure.fields);
        setNotice(failure.notice);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('bonuses.add')} centered radius="md" data-testid="modal-bonus">
      <form className={formClasses.form} onSubmit={submit} noValidate>
        <Stack gap="md">
          <LocalizedNumberInput
            label={t('bonuses.amount')}
            description={t('bonuses.amountHelp')}
            value={amount}
            onChange={setAmount}
            decimalScale={2}
            min={-999999.99}
            max={999999.99}
            euros
            error={errors.amount}
            withAsterisk
            data-autofocus
            data-testid="bonus-amount"
          />
          <TextInput
            label={t('bonuses.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description}
            data-testid="bonus-description"
          />
          <MultiSelect
            label={t('bonuses.users')}
            description={t('bonuses.usersHelp')}
            data={users.map((user) => ({ value: String(user.id), label: `${user.name} ${user.lastname}` }))}
            value={selected}
            onChange={setSelected}
            error={errors.users}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <FormErrorNotice message={notice} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="bonus-save">
              {t('bonuses.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
