// The single sign-on feature's public API: other features and src/app import only this file.
export { SsoProvidersSection } from './components/sso-providers-section.tsx';
