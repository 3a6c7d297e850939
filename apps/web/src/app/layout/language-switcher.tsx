import { useTranslation } from 'react-i18next';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconWorld } from '@tabler/icons-react';
import { LOCALES, type Locale } from '@verba/contracts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useChangeLanguageMutation } from '../../features/account/index.ts';
import { useEffectiveLocale } from '../../lib/locale.ts';

export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ca: 'Català' };

/** Guests choose for this browser; a signed-in user's choice is saved on their account. */
function useSwitchLanguage() {
  const user = useAuthStore((state) => state.user);
  const setLocale = useAuthStore((state) => state.setLocale);
  const mutation = useChangeLanguageMutation();
  const switchTo = (language: Locale) => {
    if (user) mutation.mutate({ userId: user.id, language });
    else setLocale(language);
  };
  return { switchTo, pending: mutation.isPending };
}

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const locale = useEffectiveLocale();
  const { switchTo, pending } = useSwitchLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconWorld size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={pending}
          // The name starts with the visible code (axe label-content-name-mismatch), then says what it does.
          aria-label={`${locale.toUpperCase()} – ${t('language.switcherLabel', { language: LANGUAGE_NAMES[locale] })}`}
          data-testid="language-switcher"
        >
          {locale.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.title')}</Menu.Label>
        {LOCALES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => switchTo(code)}
            rightSection={code === locale ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={code === locale ? 'true' : undefined}
            data-testid={`language-option-${code}`}
          >
            {LANGUAGE_NAMES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
