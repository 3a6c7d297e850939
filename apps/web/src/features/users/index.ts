// The users feature's public API: other features and src/app import only this file.
export { useAllUsers } from './api/get-all-users.ts';
