import { useTranslation } from 'react-i18next';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** Mantine's password input with the show/hide button named in the user's language. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('actions.togglePassword') }} />
  );
}
