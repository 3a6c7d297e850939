import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';
import { keepOneToast, TOAST_LIMIT } from './one-toast.ts';
import { cssVariablesResolver, theme } from './theme.ts';

keepOneToast();

/**
 * Mantine's built-in button labels, in the user's language; and modals that open without fading
 * for whoever asks their system for less motion (the theme's `respectReducedMotion` comes too late
 * for a modal mounted on opening: Mantine reads the setting after its first render, this reads it
 * during it).
 */
function useAppTheme() {
  const { t } = useTranslation();
  const lessMotion = useMediaQuery('(prefers-reduced-motion: reduce)', false, {
    getInitialValueInEffect: false,
  });
  return useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Modal: {
            defaultProps: {
              closeButtonProps: { 'aria-label': t('actions.close') },
              // Mantine renders the modal title bar as <header>; axe takes it for a second page banner.
              attributes: { header: { role: 'presentation' } },
              ...(lessMotion ? { transitionProps: { duration: 0 } } : {}),
            },
          },
          Pagination: {
            defaultProps: {
              getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
                'aria-label': t(`pagination.${control}`),
              }),
            },
          },
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close') } } },
        },
      }),
    [t, lessMotion],
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const appTheme = useAppTheme();
  return (
    <MantineProvider theme={appTheme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {/* Bottom right, one at a time: at the top they covered the page header's actions. */}
      <Notifications position="bottom-right" limit={TOAST_LIMIT} zIndex={1000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
