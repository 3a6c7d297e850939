import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export default function LanguagesPage() {
  return <ScreenPlaceholder screen="languages.list" />;
}
