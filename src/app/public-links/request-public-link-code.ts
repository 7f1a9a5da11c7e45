import { randomInt } from 'node:crypto';
import { AppError } from '../../domain/app-error.js';
import { addSeconds } from '../../domain/clock.js';
import type { Language } from '../../domain/language.js';
import { PUBLIC_LINK_RULES as RULES } from '../../domain/public-link.js';
import { secondsUntil } from '../../domain/recipient-authentication.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import {
  countPublicLinkCodesSince,
  insertPublicLinkCode,
  supersedePublicLinkCodes,
} from '../../infra/db/tables/public-link-codes-table.js';
import { newId } from '../../infra/ids.js';
import { hashSecret } from '../../infra/secret-hash.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { enqueueJob } from '../outbox.js';
import { validEmail } from '../users/email-address.js';
import { openPublicLink } from './open-public-link.js';

export interface CodeRequest {
  name: string;
  email: string;
  /** Of the mail, and of the envelope the visitor will sign; the account's default when absent. */
  language?: Language;
}

/** What a sealed code is bound to: its own row, so it opens for that code's job only. */
export const publicLinkCodeBinding = (codeId: string): string => `public-link-code:${codeId}`;

const tooMany = (code: 'CODE_TOO_SOON' | 'RATE_LIMITED', why: string, oldest: string | null, now: Date) => {
  const retryAfterSeconds = secondsUntil(addSeconds(new Date(oldest ?? now), RULES.windowSeconds), now);
  return new AppError(code, `${why}; ask again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
};

/**
 * `POST /public/{slug}/start` (docs/api/public-links.md): mails a 6-digit code, valid 10 minutes,
 * kept as a hash. Each link sends at most 5 codes an hour to one address and 20 to one IP address;
 * the link's row is locked while they are counted, so parallel requests cannot pass the bound together.
 */
export const requestPublicLinkCode = async (
  ctx: AppContext,
  slug: string,
  request: CodeRequest,
  origin: RequestOrigin,
): Promise<{ expiresAt: string }> => {
  const email = validEmail(request.email);
  const name = request.name.trim();
  if (!name) throw new AppError('RECIPIENT_NAME_REQUIRED', 'Give your name.', { field: 'name' });
  const code = String(randomInt(0, 10 ** RULES.codeDigits)).padStart(RULES.codeDigits, '0');
  const codeHash = await hashSecret(code);
  const ip = origin.ipAddress ?? 'unknown';
  const expiresAt = await ctx.db.transaction().execute(async (trx) => {
    const { link } = await openPublicLink(ctx, trx, slug, { lock: true });
    const now = ctx.clock.now();
    const since = addSeconds(now, -RULES.windowSeconds).toISOString();
    const recent = await countPublicLinkCodesSince(trx, link.id, { email, ip, since });
    if (recent.byAddress >= RULES.codesPerAddress)
      throw tooMany(
        'CODE_TOO_SOON',
        `${RULES.codesPerAddress} codes were sent to this address within an hour`,
        recent.oldestByAddress,
        now,
      );
    if (recent.byIp >= RULES.codesPerIp)
      throw tooMany('RATE_LIMITED', `${RULES.codesPerIp} codes were asked for from this network within an hour`, recent.oldestByIp, now);
    const language = request.language ?? (await readAccount(trx, link.accountId))?.defaultLanguage ?? 'en';
    const id = newId('plc');
    const expiresAt = addSeconds(now, RULES.codeSeconds).toISOString();
    await supersedePublicLinkCodes(trx, link.id, email, now.toISOString());
    await insertPublicLinkCode(trx, {
      id,
      publicLinkId: link.id,
      email,
      name,
      language,
      ip,
      codeHash,
      expiresAt,
      attempts: 0,
      createdAt: now.toISOString(),
      usedAt: null,
    });
    await enqueueJob(ctx, trx, 'send-public-link-code', {
      codeId: id,
      sealedCode: ctx.webhookSecrets.seal(code, publicLinkCodeBinding(id)),
    });
    return expiresAt;
  });
  ctx.jobs.poke();
  return { expiresAt };
};
