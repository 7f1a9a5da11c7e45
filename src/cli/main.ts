import { AppError } from '../domain/app-error.js';
import { ConfigError } from '../config.js';
import { parseCommandArgs, UsageError, type CommandEntry } from './command.js';

const commands: CommandEntry[] = [
  {
    name: 'serve',
    summary: 'Serve the API, the signing pages and the background worker',
    load: async () => (await import('./commands/serve.js')).serve,
  },
  {
    name: 'migrate',
    summary: 'Apply pending database migrations (serve does this on start too)',
    load: async () => (await import('./commands/migrate.js')).migrate,
  },
  {
    name: 'account create',
    summary: 'Create an account, its owner and a first API client',
    load: async () => (await import('./commands/account-create.js')).accountCreate,
  },
  {
    name: 'account update',
    summary: "Change an account's settings (which sites may frame the signing page)",
    load: async () => (await import('./commands/account-update.js')).accountUpdate,
  },
  {
    name: 'account list',
    summary: 'List the accounts with their owners',
    load: async () => (await import('./commands/account-list.js')).accountList,
  },
  {
    name: 'client create',
    summary: 'Issue another API client for an account',
    load: async () => (await import('./commands/client-create.js')).clientCreate,
  },
  {
    name: 'client revoke',
    summary: 'Revoke an API client and every token issued through it',
    load: async () => (await import('./commands/client-revoke.js')).clientRevoke,
  },
  {
    name: 'user invite',
    summary: 'Add a person to an account (admin or sender) and e-mail them a sign-in link',
    load: async () => (await import('./commands/user-invite.js')).userInvite,
  },
  {
    name: 'user login-link',
    summary: "Print a console sign-in link for a user's address (single use, 15 minutes)",
    load: async () => (await import('./commands/user-login-link.js')).userLoginLink,
  },
  {
    name: 'webhook list',
    summary: "List webhooks (one account's with --account), never their secrets",
    load: async () => (await import('./commands/webhook-list.js')).webhookList,
  },
  {
    name: 'client list',
    summary: 'List API clients (ids and dates, never secrets), of one account or all',
    load: async () => (await import('./commands/client-list.js')).clientList,
  },
  {
    name: 'envelope reseal',
    summary: 'Retry the sealing of an envelope whose seal failed, here and now',
    load: async () => (await import('./commands/envelope-reseal.js')).envelopeReseal,
  },
  {
    name: 'recipient erase',
    summary: "Erase a person (GDPR) from an account's envelopes: salted hashes replace them; the ledger still verifies",
    load: async () => (await import('./commands/recipient-erase.js')).recipientErase,
  },
  {
    name: 'verify',
    summary: 'Check that a sealed PDF is intact, sealed by the service and in its ledger (writes nothing)',
    load: async () => (await import('./commands/verify.js')).verify,
  },
  {
    name: 'backup',
    summary: 'Copy the database, documents and keys into a new directory while the service runs',
    load: async () => (await import('./commands/backup.js')).backup,
  },
  {
    name: 'restore',
    summary: 'Put a backup into an empty DATA_DIR, after checking every file against its manifest',
    load: async () => (await import('./commands/restore.js')).restore,
  },
];

const overview = () =>
  `usage: countersign <command> [options]\n\ncommands:\n${commands.map((c) => `  ${c.name.padEnd(16)} ${c.summary}`).join('\n')}\n\nEvery command takes --help; --json prints only JSON.`;

const findCommand = (argv: string[]): { entry: CommandEntry; rest: string[] } | undefined => {
  for (const entry of commands) {
    const words = entry.name.split(' ');
    if (words.every((word, i) => argv[i] === word)) return { entry, rest: argv.slice(words.length) };
  }
  return undefined;
};

const run = async (argv: string[]): Promise<number> => {
  const found = findCommand(argv);
  if (!found) {
    // Without a command nothing was asked for: like a usage error, the overview goes to stderr with exit 2.
    const asked = argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help';
    (asked ? console.log : console.error)(overview());
    return asked ? 0 : 2;
  }
  const { entry, rest } = found;
  const wantsJson = rest.includes('--json');
  const command = await entry.load();
  try {
    const args = parseCommandArgs(command, rest);
    if (args.values.help) {
      console.log(`${entry.summary}\n\nusage: ${command.usage}`);
      return 0;
    }
    return await command.run(args);
  } catch (error) {
    const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof AppError ? error.code : error instanceof ConfigError ? 'CONFIG_ERROR' : usage ? 'USAGE_ERROR' : 'ERROR';
    if (wantsJson) console.log(JSON.stringify({ error: { code, message } }));
    else console.error(usage ? `${message}\n\nusage: ${command.usage}` : message);
    return usage ? 2 : 1;
  }
};

process.exitCode = await run(process.argv.slice(2));
