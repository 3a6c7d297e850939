import { useTranslation } from 'react-i18next';
import { Burger, Group, Text } from '@mantine/core';
import { useAuthStore } from '../../lib/auth-store.ts';
import { BrandLink } from './logo.tsx';
import { NotificationBell } from '../../features/notifications/index.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import classes from './layout.module.css';

interface AppHeaderProps {
  menu?: { opened: boolean; toggle: () => void };
}

export function AppHeader({ menu }: AppHeaderProps) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  return (
    <header className={classes.header}>
      <Group gap="sm" wrap="nowrap">
        {menu ? (
          <Burger
            opened={menu.opened}
            onClick={menu.toggle}
            size="sm"
            aria-label={menu.opened ? t('menu.hide') : t('menu.show')}
            aria-expanded={menu.opened}
            aria-controls="side-menu"
            data-testid="menu-toggle"
          />
        ) : null}
        <BrandLink />
      </Group>
      <Group gap="md" wrap="nowrap">
        {user ? (
          <Text size="sm" c="gray.7" visibleFrom="sm" data-testid="header-user">
            {user.name} {user.lastname}
          </Text>
        ) : null}
        {user ? <NotificationBell /> : null}
        <LanguageSwitcher />
      </Group>
    </header>
  );
}
