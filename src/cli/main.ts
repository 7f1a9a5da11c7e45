import { AppError } from '../domain/app-error.js';
import { ConfigError } from '../config.js';
import { parseCommandArgs, UsageError, type Command } from './command.js';
import { accountCreate } from './commands/account-create.js';
import { accountUpdate } from './commands/account-update.js';
import { clientCreate } from './commands/client-create.js';
import { clientRevoke } from './commands/client-revoke.js';
import { migrate } from './commands/migrate.js';
import { serve } from './commands/serve.js';
import { verify } from './commands/verify.js';

const commands: Command[] = [serve, migrate, accountCreate, accountUpdate, clientCreate, clientRevoke, verify];

const overview = () =>
  `usage: countersign <command> [options]\n\ncommands:\n${commands.map((c) => `  ${c.name.padEnd(16)} ${c.summary}`).join('\n')}\n\nEvery command takes --help; --json prints only JSON.`;

const findCommand = (argv: string[]): { command: Command; rest: string[] } | undefined => {
  for (const command of commands) {
    const words = command.name.split(' ');
    if (words.every((word, i) => argv[i] === word)) return { command, rest: argv.slice(words.length) };
  }
  return undefined;
};

const run = async (argv: string[]): Promise<number> => {
  const found = findCommand(argv);
  if (!found) {
    const asked = argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help';
    (asked ? console.log : console.error)(overview());
    return asked ? 0 : 2;
  }
  const { command, rest } = found;
  const wantsJson = rest.includes('--json');
  try {
    const args = parseCommandArgs(command, rest);
    if (args.values.help) {
      console.log(`${command.summary}\n\nusage: ${command.usage}`);
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
