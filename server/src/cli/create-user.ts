/**
 * Creates an organizer (or another kind of account) in the configured database: the way to make the
 * first real organizer in production, where no demo account exists.
 *
 *   npm run user:create -- --email ops@show.cn --name "Ops" --roles ROLE_SUPER_ADMIN,ROLE_PROJECT
 *
 * The password is read from PORTAL_USER_PASSWORD, else asked for on the terminal (not echoed).
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { ConfigError, parseConfig } from '../config';
import { openDatabase } from '../db/client';
import { AccountService } from '../modules/account/account.service';
import { ROLES, isScope, type Role } from '@portal/shared/auth/scopes';
import { AppError } from '../lib/app-error';
import { translate } from '../lib/i18n';

const USAGE = `Usage: npm run user:create -- --name NAME (--email EMAIL | --mobile MOBILE) [--scope organizer|audience|exhibitor] [--roles ROLE_A,ROLE_B | --all-roles]
Roles: ${ROLES.join(', ')}
Password: PORTAL_USER_PASSWORD, or typed at the prompt.`;

async function readPassword(): Promise<string> {
  const fromEnv = process.env.PORTAL_USER_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) throw new Error('Set PORTAL_USER_PASSWORD when no terminal is attached.');
  const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = terminal as unknown as { _writeToOutput: (text: string) => void };
  process.stdout.write('Password: ');
  muted._writeToOutput = () => undefined;
  const password = await new Promise<string>((resolve) => terminal.question('', resolve));
  terminal.close();
  process.stdout.write('\n');
  return password;
}

async function main() {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      mobile: { type: 'string' },
      scope: { type: 'string', default: 'organizer' },
      roles: { type: 'string' },
      'all-roles': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.name || (!values.email && !values.mobile) || !isScope(values.scope)) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const roles = values['all-roles'] ? [...ROLES] : (values.roles?.split(',').map((role) => role.trim()).filter(Boolean) ?? []);
  const unknown = roles.filter((role) => !(ROLES as readonly string[]).includes(role));
  if (unknown.length) throw new Error(`Unknown roles: ${unknown.join(', ')}\n${USAGE}`);
  if (values.scope !== 'organizer' && roles.length) throw new Error('Only organizers have roles.');

  const config = parseConfig();
  const password = await readPassword();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const accounts = new AccountService(database.db);
    await accounts.ensureRoles();
    const account = await accounts.createAccount({
      scope: values.scope,
      name: values.name,
      identity: { email: values.email, mobile: values.mobile },
      password,
      roles: roles as Role[],
    });
    console.log(`Created ${account.scope} ${account.email ?? account.mobile} (${account.id}) with roles: ${roles.join(', ') || 'none'}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof AppError) console.error(translate('en-US', error.code, error.params));
  else if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
