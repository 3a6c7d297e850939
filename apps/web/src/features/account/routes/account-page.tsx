import { useTranslation } from 'react-i18next';
import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { LOCALES, isLocale, type Locale } from '@verba/contracts';
import { DetailList } from '../../../components/detail-list.tsx';
import { useModalStore } from '../../../components/modals/modal-store.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useChangeLanguageMutation } from '../api/change-language.ts';
import { useMe } from '../api/get-me.ts';
import { SessionsCard } from '../components/sessions-card.tsx';
import { TwoFactorCard } from '../components/two-factor-card.tsx';
import { ApiTokens } from '../components/api-tokens.tsx';
import { NotificationPreferences } from '../../notifications/index.ts';

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ca: 'Català' };

export default function AccountPage() {
  const { t } = useTranslation('account');
  useMe();
  const user = useAuthStore((state) => state.user);
  const openModal = useModalStore((state) => state.openModal);
  const changeLanguage = useChangeLanguageMutation();
  const enrolmentRequired = useAuthStore((state) => state.enrolmentRequired);
  if (!user) return null;
  if (enrolmentRequired) {
    return (
      <div data-testid="account-page">
        <PageHeader title={t('twoFactor.enrolTitle')} description={t('twoFactor.enrolSubtitle')} />
        <TwoFactorCard />
      </div>
    );
  }

  const items = [
    { label: t('fields.name'), value: user.name, testId: 'account-name' },
    { label: t('fields.lastname'), value: user.lastname, testId: 'account-lastname' },
    { label: t('fields.email'), value: user.email, testId: 'account-email' },
    { label: t('fields.phone'), value: user.phone || t('fields.notGiven'), testId: 'account-phone' },
    { label: t('fields.type'), value: t(`roles.${user.type}`, { ns: 'common' }), testId: 'account-type' },
  ];

  return (
    <div data-testid="account-page">
      <PageHeader title={t('title')} description={t('subtitle')} />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            {t('profile')}
          </Title>
          <DetailList items={items} />
          {user.type === 'CLIENT_USER' ? (
            <Stack gap={6} mt="lg" data-testid="account-departments">
              <Text size="sm" c="gray.7" fw={500}>
                {t('fields.departments')}
              </Text>
              {user.departments.length ? (
                <Group gap="xs">
                  {user.departments.map((department) => (
                    <Badge key={department.id} variant="light" size="lg" radius="sm">
                      {department.title}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text size="sm">{t('fields.noDepartments')}</Text>
              )}
            </Stack>
          ) : null}
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            {t('preferences')}
          </Title>
          <Stack gap="lg" maw={360}>
            <Select
              label={t('fields.language')}
              description={t('fields.languageHelp')}
              data={LOCALES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
              value={user.language}
              onChange={(value) => {
                if (isLocale(value) && value !== user.language)
                  changeLanguage.mutate({ userId: user.id, language: value });
              }}
              allowDeselect={false}
              disabled={changeLanguage.isPending}
              data-testid="account-language"
              comboboxProps={{ withinPortal: true }}
            />
            <div>
              <Button
                variant="light"
                leftSection={<IconKey size={18} aria-hidden />}
                onClick={() => openModal('changePassword', {})}
                data-testid="open-change-password"
              >
                {t('password.open')}
              </Button>
            </div>
          </Stack>
        </Paper>
        <TwoFactorCard />
        <SessionsCard />
        <ApiTokens />
        <NotificationPreferences />
      </Stack>
    </div>
  );
}
