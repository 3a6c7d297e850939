import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Grid } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useAuthStore } from '../../lib/auth-store.ts';
import { AppHeader } from './app-header.tsx';
import { ShortFooter } from './footers.tsx';
import { RoutedContent } from './routed-content.tsx';
import { SideMenu } from './side-menu.tsx';
import { useFocusHeadingOnNavigation } from './use-focus-heading.ts';
import classes from './layout.module.css';

/** Signed-in layout: header, side menu in 3 of 12 columns (burger toggles it), content, short footer. */
export default function AppLayout() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  // A user who must enrol a second factor sees the enrolment screen only, without the menu.
  const enrolmentRequired = useAuthStore((state) => state.enrolmentRequired);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [menuOpened, menu] = useDisclosure(wide);
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);

  useEffect(() => {
    if (wide) menu.open();
    else menu.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the breakpoint only
  }, [wide]);

  if (!user) return null;
  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skipLink}>
        {t('menu.skipToContent')}
      </a>
      <AppHeader menu={{ opened: menuOpened, toggle: menu.toggle }} />
      <Grid gap={0} classNames={{ root: classes.body, inner: classes.gridInner }}>
        {menuOpened && !enrolmentRequired ? (
          <Grid.Col span={{ base: 12, md: 3 }} className={classes.menuColumn}>
            <SideMenu key={pathname} user={user} onNavigate={wide ? undefined : menu.close} />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: menuOpened && !enrolmentRequired ? 9 : 12 }}>
          <main id="main" ref={main} className={classes.content} tabIndex={-1}>
            <RoutedContent />
          </main>
        </Grid.Col>
      </Grid>
      <ShortFooter />
    </div>
  );
}
