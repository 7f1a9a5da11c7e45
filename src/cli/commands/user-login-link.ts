import { operatorLoginLink } from '../../app/users/operator-login-link.js';
import { presentLoginLink } from '../presenters.js';
import { printResult, requiredOption, type Command } from '../command.js';
import { withApp } from '../with-app.js';

export const userLoginLink: Command = {
  usage: `countersign user login-link --email <e-mail> [--json]

Prints a console sign-in link for the user with this address (single use, 15 minutes), for the operator to
hand over; nothing is e-mailed. Whoever holds the link signs in as that user.`,
  options: { email: { type: 'string' } },
  run: async (args) => {
    const email = requiredOption(args, 'email');
    printResult(args, presentLoginLink(await withApp((ctx) => operatorLoginLink(ctx, email))));
    return 0;
  },
};
