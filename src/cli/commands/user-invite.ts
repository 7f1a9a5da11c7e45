import { inviteUser } from '../../app/users/invite-user.js';
import { USER_ROLES } from '../../domain/user-role.js';
import { presentInvitedUser } from '../presenters.js';
import { printResult, requiredOption, type Command } from '../command.js';
import { withApp } from '../with-app.js';

export const userInvite: Command = {
  usage: `countersign user invite --account <account_id> --email <e-mail> --name <name> --role ${USER_ROLES.join('|')} [--json]

Adds a user to the account and e-mails them a sign-in link to the console (single use, 15 minutes).
An address belongs to one user across all accounts: an address already in use is refused (EMAIL_IN_USE).`,
  options: { account: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  run: async (args) => {
    const input = {
      accountId: requiredOption(args, 'account'),
      email: requiredOption(args, 'email'),
      name: requiredOption(args, 'name'),
      role: requiredOption(args, 'role'),
    };
    const user = await withApp((ctx) => inviteUser(ctx, input));
    printResult(
      args,
      presentInvitedUser(user),
      `A sign-in link was e-mailed to ${user.email} (or queued, if the mail server was not reachable).`,
    );
    return 0;
  },
};
