import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconInfoCircle } from '@tabler/icons-react';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useMyDepartments } from '../api/get-my-departments.ts';

/** A client admin without departments sees the welcome tutorial; a client user a notice. */
export function NoDepartmentNotice() {
  const { t } = useTranslation('tasks');
  const user = useAuthStore((state) => state.user);
  const departments = useMyDepartments();
  if (!user || !departments.data || departments.data.departments.length > 0) return null;
  if (user.type === 'CLIENT_ADMIN')
    return (
      <Alert
        icon={<IconInfoCircle aria-hidden />}
        title={t('welcome.title')}
        mb="md"
        variant="light"
        data-testid="tasks-welcome"
      >
        <Text size="sm" mb="xs">
          {t('welcome.intro')}
        </Text>
        <List size="sm" type="ordered" spacing={4}>
          <List.Item>
            <Anchor component={Link} to="/departments/create">
              {t('welcome.step1')}
            </Anchor>
          </List.Item>
          <List.Item>{t('welcome.step2')}</List.Item>
          <List.Item>{t('welcome.step3')}</List.Item>
        </List>
      </Alert>
    );
  return (
    <Alert icon={<IconInfoCircle aria-hidden />} mb="md" color="yellow" data-testid="tasks-no-department">
      {t('welcome.noDepartment')}
    </Alert>
  );
}
