import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { effectiveLocale } from './lib/locale.ts';
import { connectApiClient } from './app/session.ts';
import { applyDocumentLocale, initI18n } from './lib/i18n.ts';

const locale = effectiveLocale();
initI18n(locale);
applyDocumentLocale(locale);
connectApiClient();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
