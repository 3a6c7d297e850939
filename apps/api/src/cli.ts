import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { exitIfFolderInUse } from './db/folder-lock.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { ensureInitialAdmin } from './modules/users/service.ts';

const usage = `Usage: npm run cli -w apps/api -- create-admin --email EMAIL --password PASSWORD [--name NAME] [--lastname LASTNAME]`;

const [command, ...rest] = process.argv.slice(2);
if (command !== 'create-admin') {
  console.error(usage);
  process.exit(2);
}
const { values } = parseArgs({
  args: rest,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    lastname: { type: 'string' },
  },
});
if (!values.email || !values.password) {
  console.error(usage);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
  exitIfFolderInUse,
);
await seedReferenceData(database.db);
const result = await ensureInitialAdmin(database.db, {
  email: values.email,
  password: values.password,
  ...(values.name ? { name: values.name } : {}),
  ...(values.lastname ? { lastname: values.lastname } : {}),
});
console.log(
  result === 'created'
    ? `Created VERBA_ADMIN ${values.email}`
    : 'A VERBA_ADMIN already exists; nothing changed.',
);
await database.close();
