import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { anyAccountExists } from '../../infra/db/tables/accounts-table.js';
import { deleteAllSetupTokens, deleteSetupToken, insertSetupToken, setupTokenExists } from '../../infra/db/tables/setup-tokens-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';

/** Recognisable, so that the log redaction cuts it out of any line it might reach (src/infra/log-redaction.ts). */
const SETUP_TOKEN_PREFIX = 'cs_su_';

/**
 * At a start while the installation has no account: a new setup token (256 random bits) for the
 * start banner's URL, stored as a hash so that every process on the database accepts it. On SQLite
 * only one process serves the file, so the tokens of earlier starts (a process that was killed and
 * could not remove its own) go now; on PostgreSQL the others may belong to running processes.
 */
export const issueSetupToken = async (ctx: AppContext): Promise<string | undefined> => {
  if (await anyAccountExists(ctx.db)) return undefined;
  const token = newSecret(SETUP_TOKEN_PREFIX);
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.config.database.kind === 'sqlite') await deleteAllSetupTokens(trx);
    await insertSetupToken(trx, sha256Hex(token), ctx.clock.now().toISOString());
  });
  return token;
};

/** At a stop: the token this process printed works no more. */
export const withdrawSetupToken = async (ctx: AppContext, token: string): Promise<void> => {
  await deleteSetupToken(ctx.db, sha256Hex(token));
};

export const SETUP_COMPLETED_MESSAGE = 'This installation is set up: it has an account. Sign in to the console instead.';
export const INVALID_SETUP_TOKEN_MESSAGE =
  'This setup link is not valid: use the setup URL that the running server printed when it last started (a new one at every start).';

/** 409 SETUP_COMPLETED once the installation has an account, whatever else the call carries. */
export const assertSetupOpen = async (db: Db): Promise<void> => {
  if (await anyAccountExists(db)) {
    throw new AppError('SETUP_COMPLETED', SETUP_COMPLETED_MESSAGE);
  }
};

/** 403 INVALID_SETUP_TOKEN unless a start printed this token and setup has not used it up. */
export const assertSetupToken = async (db: Db, token: string): Promise<void> => {
  if (!(await setupTokenExists(db, sha256Hex(token)))) {
    throw new AppError('INVALID_SETUP_TOKEN', INVALID_SETUP_TOKEN_MESSAGE);
  }
};

export type SetupState = 'open' | 'invalid' | 'completed';

/** What the setup page shows for its token: the form, a refusal of the link, or that setup is done. */
export const setupState = async (ctx: AppContext, token: string): Promise<SetupState> => {
  if (await anyAccountExists(ctx.db)) return 'completed';
  return (await setupTokenExists(ctx.db, sha256Hex(token))) ? 'open' : 'invalid';
};
