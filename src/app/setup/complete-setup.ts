import { DEFAULT_SIGNER_COPY_DAYS } from '../../domain/signer-copy.js';
import { DEFAULT_LANGUAGE } from '../../domain/language.js';
import { assertStrongPassword } from '../../domain/password-policy.js';
import { ProblemCollector } from '../../domain/problem-collector.js';
import { PLAN_NAMES, type PlanName } from '../../config.js';
import { commonPasswords } from '../../infra/common-passwords.js';
import { insertAccount } from '../../infra/db/tables/accounts-table.js';
import { deleteAllSetupTokens, lockSetups } from '../../infra/db/tables/setup-tokens-table.js';
import { insertUser, setPasswordHash } from '../../infra/db/tables/users-table.js';
import { newId } from '../../infra/ids.js';
import { hashPassword } from '../../infra/password-hash.js';
import type { AppContext } from '../context.js';
import { startConsoleSession, type StartedSession } from '../users/console-session.js';
import { assertEmailFree, validEmail } from '../users/email-address.js';
import { assertSetupOpen, assertSetupToken } from './setup-token.js';

export interface SetupInput {
  setupToken: string;
  organisationName: string;
  owner: { name: string; email: string; password: string };
  plan?: string;
}

export interface CompletedSetup {
  accountId: string;
  userId: string;
  session: StartedSession;
}

/**
 * The installation's own first account has no quota to stay within unless the person asks for one:
 * whoever runs the server set it up for their organisation (docs/guide/getting-started.md).
 */
const DEFAULT_SETUP_PLAN: PlanName = 'enterprise';

const isPlanName = (plan: string): plan is PlanName => (PLAN_NAMES as readonly string[]).includes(plan);

/** Every problem of the form at once; the password is judged against the name and address as given. */
const validated = async (input: SetupInput) => {
  const problems = new ProblemCollector();
  const organisationName = input.organisationName.trim();
  if (!organisationName)
    problems.add([{ code: 'ACCOUNT_NAME_REQUIRED', message: 'The organisation needs a name.', field: 'organisation_name' }]);
  const ownerName = input.owner.name.trim();
  if (!ownerName) problems.add([{ code: 'USER_NAME_REQUIRED', message: "The owner's name is required.", field: 'owner.name' }]);
  const email = await problems.check(() => validEmail(input.owner.email));
  const plan = input.plan ?? DEFAULT_SETUP_PLAN;
  if (!isPlanName(plan)) {
    problems.add([{ code: 'INVALID_PLAN', message: `Unknown plan "${plan}"; plans are ${PLAN_NAMES.join(', ')}.`, field: 'plan' }]);
  }
  await problems.check(() =>
    assertStrongPassword(
      input.owner.password,
      { name: ownerName, email: input.owner.email, commonPasswords: commonPasswords() },
      'owner.password',
    ),
  );
  problems.throwIfAny();
  return { organisationName, ownerName, email: email!, plan: plan as PlanName };
};

/**
 * `POST /api/v2.0/setup`: the installation's first account, its owner (an admin with a password) and
 * a console session for them, all in one transaction or nothing. Setups take turns (lockSetups), so
 * of two at once exactly one creates the account and the other answers 409 SETUP_COMPLETED.
 */
export const completeSetup = async (ctx: AppContext, input: SetupInput): Promise<CompletedSetup> => {
  await assertSetupToken(ctx.db, input.setupToken);
  const valid = await validated(input);
  // scrypt takes a tenth of a second and more: before the transaction, which then holds the setup lock only briefly.
  const passwordHash = await hashPassword(input.owner.password);
  const accountId = newId('acct');
  const userId = newId('usr');
  const now = ctx.clock.now();

  return ctx.db.transaction().execute(async (trx) => {
    await lockSetups(trx);
    await assertSetupOpen(trx);
    await assertSetupToken(trx, input.setupToken);
    await assertEmailFree(trx, valid.email);
    await insertAccount(trx, {
      id: accountId,
      name: valid.organisationName,
      plan: valid.plan,
      ownerUserId: userId,
      frameAncestors: [],
      defaultLanguage: DEFAULT_LANGUAGE,
      signerCopyDays: DEFAULT_SIGNER_COPY_DAYS,
      retentionDays: null,
      createdAt: now.toISOString(),
    });
    await insertUser(trx, {
      id: userId,
      accountId,
      name: valid.ownerName,
      email: valid.email,
      role: 'admin',
      createdAt: now.toISOString(),
    });
    await setPasswordHash(trx, userId, passwordHash);
    await deleteAllSetupTokens(trx);
    return { accountId, userId, session: await startConsoleSession(trx, { id: userId, accountId }, now) };
  });
};
