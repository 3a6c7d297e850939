import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from './app-header.tsx';
import { ExtendedFooter, ShortFooter } from './footers.tsx';
import { RoutedContent } from './routed-content.tsx';
import classes from './layout.module.css';
import { useFocusHeadingOnNavigation } from './use-focus-heading.ts';

/** Sign-in screens: header with logo and language switcher, no side menu, short footer. */
export function GuestLayout() {
  return <PublicFrame footer={<ShortFooter />} contentClass={classes.guestContent} />;
}

/** Public quote pages: same header, extended footer (spec part 1 §2). */
export function PublicQuoteLayout() {
  return <PublicFrame footer={<ExtendedFooter />} contentClass={classes.publicContent} />;
}

function PublicFrame({ footer, contentClass }: { footer: ReactNode; contentClass: string | undefined }) {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);
  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skipLink}>
        {t('menu.skipToContent')}
      </a>
      <AppHeader />
      <main id="main" ref={main} className={contentClass} tabIndex={-1}>
        <RoutedContent />
      </main>
      {footer}
    </div>
  );
}
