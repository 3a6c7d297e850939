// The auth feature's public API: other features and src/app import only this file.
export { logoutRequest } from './api/logout.ts';
