export { NotificationBell } from './components/notification-bell.tsx';
export { NotificationPreferences } from './components/notification-preferences.tsx';
