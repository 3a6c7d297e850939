// The account feature's public API: other features and src/app import only this file.
export { useChangeLanguageMutation } from './api/change-language.ts';
export { ChangePasswordModal } from './components/change-password-modal.tsx';
