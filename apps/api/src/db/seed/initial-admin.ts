/** The server creates the first VERBA_ADMIN at start through the users service, as the CLI does. */
export { ensureInitialAdmin } from '../../modules/users/service.ts';
