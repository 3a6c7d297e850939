import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

/**
 * Every signed-in route pattern of the spec's route tables and the screen it shows. Which role
 * may open which pattern comes from ROUTES_BY_ROLE (@verba/contracts); each screen loads on demand.
 */
export const SIGNED_IN_SCREENS: Record<string, Screen> = {
  '/dashboard': lazy(() => import('../features/dashboard/routes/dashboard-page.tsx')),
  '/tasks': lazy(() => import('../features/tasks/routes/task-list-page.tsx')),
  '/tasks/cancelled': lazy(() => import('../features/tasks/routes/cancelled-tasks-page.tsx')),
  '/tasks/ok/:id': lazy(() => import('../features/tasks/routes/task-payment-ok-page.tsx')),
  '/tasks/ko/:id': lazy(() => import('../features/tasks/routes/task-payment-ko-page.tsx')),
  '/tasks/create': lazy(() => import('../features/tasks/routes/task-create-page.tsx')),
  '/tasks/:id': lazy(() => import('../features/tasks/routes/task-detail-page.tsx')),
  '/tasks/:id/quote': lazy(() => import('../features/tasks/routes/task-quote-page.tsx')),
  '/tasks/:id/edit': lazy(() => import('../features/tasks/routes/task-edit-page.tsx')),
  '/tasks/:id/edit/status': lazy(() => import('../features/tasks/routes/task-status-page.tsx')),
  '/glossaries': lazy(() => import('../features/glossaries/routes/glossaries-page.tsx')),
  '/glossaries/format': lazy(() => import('../features/glossaries/routes/glossary-format-page.tsx')),
  '/rates': lazy(() => import('../features/rates/routes/customer-rates-page.tsx')),
  '/general/rates': lazy(() => import('../features/rates/routes/general-rates-page.tsx')),
  '/departments': lazy(() => import('../features/departments/routes/department-list-page.tsx')),
  '/departments/create': lazy(() => import('./routes/department-create-page.tsx')),
  '/departments/:id': lazy(() => import('../features/departments/routes/department-detail-page.tsx')),
  '/departments/:id/edit': lazy(() => import('./routes/department-edit-page.tsx')),
  '/users': lazy(() => import('../features/users/routes/user-list-page.tsx')),
  '/users/create': lazy(() => import('../features/users/routes/user-create-page.tsx')),
  '/users/:id': lazy(() => import('../features/users/routes/user-detail-page.tsx')),
  '/users/:id/edit': lazy(() => import('../features/users/routes/user-edit-page.tsx')),
  '/customers': lazy(() => import('../features/customers/routes/customer-list-page.tsx')),
  '/customers/create': lazy(() => import('../features/customers/routes/customer-create-page.tsx')),
  '/customers/:id/edit': lazy(() => import('../features/customers/routes/customer-edit-page.tsx')),
  '/languages': lazy(() => import('../features/languages/routes/languages-page.tsx')),
  '/logs': lazy(() => import('../features/logs/routes/logs-page.tsx')),
  '/settings': lazy(() => import('./routes/settings-page.tsx')),
  '/invoices': lazy(() => import('../features/invoices/routes/invoice-list-page.tsx')),
  '/invoices/create': lazy(() => import('../features/invoices/routes/invoice-create-page.tsx')),
  '/invoices/:id': lazy(() => import('../features/invoices/routes/invoice-detail-page.tsx')),
  '/account': lazy(() => import('../features/account/routes/account-page.tsx')),
  '/company': lazy(() => import('../features/company/routes/company-page.tsx')),
  '/integrations': lazy(() => import('../features/webhooks/routes/integrations-page.tsx')),
};

export const GUEST_SCREENS: Record<string, Screen> = {
  '/login': lazy(() => import('../features/auth/routes/login-page.tsx')),
  '/login/sso': lazy(() => import('../features/auth/routes/sso-callback-page.tsx')),
  '/login/reset': lazy(() => import('../features/auth/routes/request-reset-page.tsx')),
  '/login/reset/:token': lazy(() => import('../features/auth/routes/reset-password-page.tsx')),
};

export const PUBLIC_QUOTE_SCREENS: Record<string, Screen> = {
  '/quote': lazy(() => import('../features/quotes/routes/quote-request-page.tsx')),
  '/quote/registered': lazy(() => import('../features/quotes/routes/quote-registered-page.tsx')),
  '/guest-task/ko': lazy(() => import('../features/guest-tasks/routes/guest-payment-ko-page.tsx')),
  '/guest-task/ok/:id': lazy(() => import('../features/guest-tasks/routes/guest-payment-ok-page.tsx')),
  '/guest-task/:id': lazy(() => import('../features/guest-tasks/routes/guest-task-page.tsx')),
};
