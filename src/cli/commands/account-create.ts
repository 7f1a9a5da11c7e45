import { presentCreatedAccount } from '../presenters.js';
import { createAccount } from '../../app/accounts/create-account.js';
import { PLAN_NAMES } from '../../config.js';
import { printResult, requiredOption, type Command } from '../command.js';
import { withApp } from '../with-app.js';

export const accountCreate: Command = {
  usage: `countersign account create --name <name> --email <owner e-mail> [--plan ${PLAN_NAMES.join('|')}] [--owner-name <name>] [--json]

Prints account_id, user_id, client_id, client_secret and credentials (base64 of client_id:client_secret,
the string to log in with). The secret is shown only this once.`,
  options: { name: { type: 'string' }, email: { type: 'string' }, plan: { type: 'string' }, 'owner-name': { type: 'string' } },
  run: async (args) => {
    const ownerName = args.values['owner-name'];
    const created = await withApp((ctx) =>
      createAccount(ctx, {
        name: requiredOption(args, 'name'),
        email: requiredOption(args, 'email'),
        plan: typeof args.values.plan === 'string' ? args.values.plan : 'free',
        ...(typeof ownerName === 'string' ? { ownerName } : {}),
      }),
    );
    printResult(
      args,
      presentCreatedAccount(created),
      'Keep client_secret and credentials now: they are stored only as hashes and cannot be shown again.',
    );
    return 0;
  },
};
