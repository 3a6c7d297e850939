import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Divider, NavLink, Stack } from '@mantine/core';
import {
  IconBook2,
  IconBuilding,
  IconBuildingSkyscraper,
  IconChecklist,
  IconCoin,
  IconFileInvoice,
  IconPlugConnected,
  IconLanguage,
  IconLayoutDashboard,
  IconListDetails,
  IconLogout,
  IconReportMoney,
  IconSettings,
  IconSitemap,
  IconUserCircle,
  IconUsers,
  type IconProps,
} from '@tabler/icons-react';
import { MENU_BY_ROLE, isClient, type MenuEntry, type UserDto } from '@verba/contracts';
import { activeMenuKey } from '../../lib/permissions.ts';
import { logout } from '../session.ts';
import classes from './layout.module.css';

const ICONS: Record<MenuEntry, ComponentType<IconProps>> = {
  dashboard: IconLayoutDashboard,
  tasks: IconChecklist,
  glossaries: IconBook2,
  customers: IconBuildingSkyscraper,
  languages: IconLanguage,
  'general/rates': IconReportMoney,
  rates: IconCoin,
  users: IconUsers,
  departments: IconSitemap,
  logs: IconListDetails,
  settings: IconSettings,
  invoices: IconFileInvoice,
  integrations: IconPlugConnected,
};

const MENU_LABELS: Record<MenuEntry, string> = {
  dashboard: 'menu.dashboard',
  tasks: 'menu.tasks',
  glossaries: 'menu.glossaries',
  customers: 'menu.customers',
  languages: 'menu.languages',
  'general/rates': 'menu.generalRates',
  rates: 'menu.rates',
  users: 'menu.users',
  departments: 'menu.departments',
  logs: 'menu.logs',
  settings: 'menu.settings',
  invoices: 'menu.invoices',
  integrations: 'menu.integrations',
};

/** Entries a user sees: the role's list; `rates` only when the customer has show_rates on. */
function menuEntriesFor(user: UserDto): MenuEntry[] {
  return MENU_BY_ROLE[user.type].filter((entry) => entry !== 'rates' || user.customer?.show_rates === true);
}

interface SideMenuProps {
  user: UserDto;
  onNavigate?: () => void;
}

export function SideMenu({ user, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activeMenuKey(pathname);
  const item = (key: string, to: string, label: string, Icon: ComponentType<IconProps>) => (
    <NavLink
      key={key}
      component={Link}
      to={to}
      label={label}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      active={active === key}
      aria-current={active === key ? 'page' : undefined}
      onClick={onNavigate}
      data-testid={`menu-${key.replace('/', '-')}`}
      variant="light"
      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
    />
  );
  return (
    <nav id="side-menu" className={classes.menu} aria-label={t('menu.label')}>
      <div className={classes.menuSection}>{t('menu.workspace')}</div>
      <Stack gap={2} data-testid="menu-main">
        {menuEntriesFor(user).map((entry) => item(entry, `/${entry}`, t(MENU_LABELS[entry]), ICONS[entry]))}
      </Stack>
      <Divider my="md" />
      <div className={classes.menuSection}>{t('menu.you')}</div>
      <Stack gap={2}>
        {item('account', '/account', t('menu.account'), IconUserCircle)}
        {isClient(user.type) ? item('company', '/company', t('menu.company'), IconBuilding) : null}
        <NavLink
          component="button"
          type="button"
          label={t('menu.logout')}
          leftSection={<IconLogout size={20} stroke={1.6} aria-hidden />}
          onClick={() => void logout()}
          data-testid="menu-logout"
          styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
        />
      </Stack>
    </nav>
  );
}
