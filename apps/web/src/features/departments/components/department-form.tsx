import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, MultiSelect, Paper, Stack, TextInput } from '@mantine/core';
import { departmentBody } from '@verba/contracts';
import { zodFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import type { DepartmentDto as Department } from '@verba/contracts';
import type { DepartmentWrite } from '../api/create-department.ts';
import formClasses from '../../../components/forms.module.css';

/** A user the caller may put in a department; only client users are offered. */
export interface MemberCandidate {
  id: number;
  name: string;
  lastname: string;
  email: string;
  type: string;
}

interface DepartmentFormProps {
  existing?: Department;
  candidates: readonly MemberCandidate[];
  loadingCandidates: boolean;
  submitLabel: string;
  saving: boolean;
  onSubmit: (body: DepartmentWrite, setErrors: (errors: FieldErrors) => void) => void;
  onCancel: () => void;
}

/** Title and the client users of the customer who belong to the department. */
export function DepartmentForm({
  existing,
  candidates,
  loadingCandidates,
  submitLabel,
  saving,
  onSubmit,
  onCancel,
}: DepartmentFormProps) {
  const { t } = useTranslation('departments');
  const [title, setTitle] = useState(existing?.title ?? '');
  const [selected, setSelected] = useState<string[]>((existing?.users ?? []).map((user) => String(user.id)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const options = candidates
    .filter((user) => user.type === 'CLIENT_USER')
    .map((user) => ({ value: String(user.id), label: `${user.name} ${user.lastname} (${user.email})` }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = departmentBody.safeParse({ title, users: selected.map(Number) });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    onSubmit({ title: parsed.data.title, users: parsed.data.users ?? [] }, setErrors);
  };

  return (
    <form className={formClasses.form} onSubmit={submit} noValidate data-testid="department-form">
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md" maw={640}>
            <TextInput
              label={t('fields.title')}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={errors.title}
              withAsterisk
              autoComplete="off"
              data-autofocus
              data-testid="department-title"
            />
            <MultiSelect
              label={t('fields.users')}
              description={t('form.usersHelp')}
              data={options}
              value={selected}
              onChange={setSelected}
              error={errors.users}
              searchable
              clearable
              nothingFoundMessage={t('form.noUser')}
              disabled={loadingCandidates}
              data-testid="department-users"
              comboboxProps={{ withinPortal: true }}
            />
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" loading={saving} data-testid="department-save">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
