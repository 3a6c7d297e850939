import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function SettingsPage() {
  return <ScreenPlaceholder screen="settings.main" />;
}
