import { randomInt } from 'node:crypto';
import { addSeconds } from '../../domain/clock.js';
import { AppError } from '../../domain/app-error.js';
import {
  AUTHENTICATION_RULES as RULES,
  describeMethod,
  maskedPhoneNumber,
  secondsUntil,
  type AuthenticationMethodName,
} from '../../domain/recipient-authentication.js';
import type { Db } from '../../infra/db/database.js';
import {
  clearExpiredLock,
  insertSigningSession,
  readRecipientAuthentication,
  readSigningSession,
  reserveAttempt,
  storeSmsCode,
  updateRecipientAuthentication,
  type RecipientAuthentication,
} from '../../infra/db/tables/recipient-authentications-table.js';
import type { SigningToken } from '../../infra/db/tables/signing-tokens-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newSecret } from '../../infra/ids.js';
import { hashSecret, verifySecret } from '../../infra/secret-hash.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { readRecipient } from '../../infra/db/tables/recipients-table.js';
import { enqueueJob } from '../outbox.js';
import { openSigningAccess, type SigningAccess } from './signing-access.js';
import { findSigningToken } from './signing-tokens.js';

export const SIGNING_SESSION_PREFIX = 'cs_ss_';

const METHOD_NAMES: Record<AuthenticationMethodName, string> = { access_code: 'access code', sms: 'SMS code' };

/** Names the signer's language (Content-Language), so the page can ask for the code in it before it may read anything else. */
const authRequired = (method: AuthenticationMethodName, why: string, language?: string) =>
  new AppError(
    'RECIPIENT_AUTH_REQUIRED',
    `${why} (method: ${method}): ${method === 'sms' ? 'ask for a code with send_code, then ' : ''}authenticate with the ${METHOD_NAMES[method]} and send the signing_session it returns in the Countersign-Signing-Session header.`,
    language ? { language } : {},
  );

const locked = (lockedUntil: string, now: Date) =>
  new AppError('RECIPIENT_LOCKED', `Too many wrong codes: this signer is locked until ${lockedUntil}.`, {
    retryAfterSeconds: secondsUntil(new Date(lockedUntil), now),
  });

const tokenNotFound = () => new AppError('SIGNING_TOKEN_NOT_FOUND', 'This signing link is unknown, has expired or was already used.');

/**
 * The gate in front of every signing endpoint but send_code and authenticate (docs/concepts/recipients.md): a signer
 * with an authentication method needs a live signing session of their own. It reads the token
 * without spending it, so an embedded URL opened before authenticating stays usable afterwards; an
 * unknown token passes here and is answered by the endpoint itself.
 */
export const requireRecipientAuthentication = async (ctx: AppContext, rawToken: string, session: string | undefined): Promise<void> => {
  const token = await findSigningToken(ctx, ctx.db, rawToken);
  if (!token) return;
  const authentication = await readRecipientAuthentication(ctx.db, token.recipientId);
  if (!authentication) return;
  const language = (await readRecipient(ctx.db, token.recipientId))?.language;
  if (session === undefined) throw authRequired(authentication.method, 'This signer must authenticate first', language);
  const found = await readSigningSession(ctx.db, sha256Hex(session));
  if (!found || found.recipientId !== token.recipientId)
    throw authRequired(authentication.method, 'The signing session is unknown', language);
  if (found.expiresAt <= ctx.clock.now().toISOString())
    throw authRequired(authentication.method, 'The signing session has expired', language);
};

/** The token's access without spending it (send_code and authenticate come before the page's first use of an embedded URL). */
const peekSigningAccess = async (ctx: AppContext, rawToken: string): Promise<SigningAccess> => {
  const token: SigningToken | undefined = await findSigningToken(ctx, ctx.db, rawToken);
  if (!token || (token.kind === 'embedded' && token.usedAt !== null)) throw tokenNotFound();
  return openSigningAccess(ctx, ctx.db, token);
};

const authenticationOf = async (db: Db, access: SigningAccess): Promise<RecipientAuthentication> => {
  const authentication = await readRecipientAuthentication(db, access.recipient.id);
  if (!authentication)
    throw new AppError('AUTHENTICATION_NOT_REQUIRED', 'This signer signs without authentication: there is no code to send or enter.');
  return authentication;
};

/** Refuses while locked out; a lock-out that ran out is cleared (a fresh count of attempts). */
const assertNotLocked = async (ctx: AppContext, authentication: RecipientAuthentication, now: Date): Promise<void> => {
  const { lockedUntil } = authentication;
  if (!lockedUntil || authentication.failedAttempts < RULES.maxAttempts) return;
  if (lockedUntil > now.toISOString()) throw locked(lockedUntil, now);
  await clearExpiredLock(ctx.db, authentication.recipientId, lockedUntil);
};

export interface SentCode {
  /** The number it went to, masked. */
  sentTo: string;
  expiresAt: string;
  /** When the next code may be asked for. */
  resendAt: string;
}

/**
 * Sends a 6-digit code by SMS (docs/concepts/recipients.md): valid 10 minutes, at most one a minute. Only its hash is
 * kept on the recipient; the code itself travels to the job that sends it sealed (AES-GCM, bound to
 * the recipient), so a slow SMS provider never holds up the request.
 */
export const sendAuthenticationCode = async (ctx: AppContext, rawToken: string, origin: RequestOrigin): Promise<SentCode> => {
  const access = await peekSigningAccess(ctx, rawToken);
  const { recipient, envelope } = access;
  const authentication = await authenticationOf(ctx.db, access);
  if (authentication.method !== 'sms') {
    throw new AppError(
      'NOT_SMS_AUTHENTICATION',
      'This signer authenticates with an access code given to them by the sender; no SMS is sent.',
    );
  }
  const now = ctx.clock.now();
  await assertNotLocked(ctx, authentication, now);
  const tooSoon = () => {
    const resendAt = addSeconds(new Date(authentication.smsCodeSentAt ?? now), RULES.smsResendSeconds);
    return new AppError('CODE_TOO_SOON', `A code was sent less than a minute ago; ask again in ${secondsUntil(resendAt, now)} seconds.`, {
      retryAfterSeconds: secondsUntil(resendAt, now),
    });
  };
  const sentBefore = addSeconds(now, -RULES.smsResendSeconds).toISOString();
  if (authentication.smsCodeSentAt && authentication.smsCodeSentAt > sentBefore) throw tooSoon();

  const code = String(randomInt(0, 10 ** RULES.smsCodeDigits)).padStart(RULES.smsCodeDigits, '0');
  const hash = await hashSecret(code);
  const sentAt = now.toISOString();
  const expiresAt = addSeconds(now, RULES.smsCodeSeconds).toISOString();
  const sentTo = maskedPhoneNumber(recipient.countryCode, recipient.phoneNumber);
  await ledgerTransaction(ctx, async (trx) => {
    // Conditional on the last sending time: of two requests at once, one sends a code, the other is too soon.
    if (!(await storeSmsCode(trx, recipient.id, { hash, sentAt, expiresAt }, sentBefore))) throw tooSoon();
    await enqueueJob(ctx, trx, 'send-authentication-code', {
      recipientId: recipient.id,
      sealedCode: ctx.webhookSecrets.seal(code, smsCodeBinding(recipient.id, sentAt)),
      sentAt,
    });
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'AUTHENTICATION_CODE_SENT',
      actor: { name: recipient.name, email: recipient.email },
      description: `A one-time code was sent by SMS to ${sentTo} for ${recipient.name} to authenticate.`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
  });
  ctx.jobs.poke();
  return { sentTo, expiresAt, resendAt: addSeconds(now, RULES.smsResendSeconds).toISOString() };
};

/** What a sealed code is bound to: its recipient and its sending, so it opens for that job only. */
export const smsCodeBinding = (recipientId: string, sentAt: string): string => `sms-code:${recipientId}:${sentAt}`;

export interface OpenedSession {
  signingSession: string;
  expiresAt: string;
}

const recordFailure = async (ctx: AppContext, access: SigningAccess, attempt: number, origin: RequestOrigin, lockedUntil: string) => {
  const { recipient, envelope } = access;
  const actor = { name: recipient.name, email: recipient.email };
  await ledgerTransaction(ctx, async (trx) => {
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'RECIPIENT_AUTHENTICATION_FAILED',
      actor,
      description: `${recipient.name} entered a wrong code (attempt ${attempt} of ${RULES.maxAttempts}).`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
    if (attempt >= RULES.maxAttempts) {
      await appendLedgerEntry(ctx, trx, {
        envelopeId: envelope.id,
        activityType: 'RECIPIENT_LOCKED',
        actor,
        description: `${recipient.name} is locked out until ${lockedUntil} after ${RULES.maxAttempts} wrong codes.`,
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent,
      });
    }
  });
};

/**
 * Checks an access code or SMS code (docs/concepts/recipients.md) and opens a signing session of one hour. Every
 * attempt is counted before its code is checked (reserveAttempt), so parallel guesses cannot make
 * more than five checks; the fifth wrong code locks the signer out for 15 minutes.
 */
export const authenticateRecipient = async (
  ctx: AppContext,
  rawToken: string,
  code: string,
  origin: RequestOrigin,
): Promise<OpenedSession> => {
  const access = await peekSigningAccess(ctx, rawToken);
  const { recipient, envelope } = access;
  const authentication = await authenticationOf(ctx.db, access);
  const now = ctx.clock.now();
  await assertNotLocked(ctx, authentication, now);
  const hash = authentication.method === 'sms' ? authentication.smsCodeHash : authentication.accessCodeHash;
  if (!hash || (authentication.method === 'sms' && (authentication.smsCodeExpiresAt ?? '') <= now.toISOString())) {
    throw new AppError(
      'CODE_EXPIRED',
      'There is no valid SMS code for this signer (none was sent, or it expired): ask for one with send_code.',
    );
  }
  const lockUntil = addSeconds(now, RULES.lockSeconds).toISOString();
  const attempt = await reserveAttempt(ctx.db, recipient.id, RULES.maxAttempts, lockUntil);
  if (attempt === undefined) {
    const current = await readRecipientAuthentication(ctx.db, recipient.id);
    throw locked(current?.lockedUntil ?? lockUntil, now);
  }
  if (!(await verifySecret(code, hash))) {
    await recordFailure(ctx, access, attempt, origin, lockUntil);
    const left = RULES.maxAttempts - attempt;
    throw new AppError(
      'INVALID_CODE',
      left > 0
        ? `The code is wrong: ${left} attempt${left === 1 ? '' : 's'} left before a ${RULES.lockSeconds / 60}-minute lock-out.`
        : `The code is wrong: 0 attempts left; this signer is locked for ${RULES.lockSeconds / 60} minutes.`,
    );
  }

  const signingSession = newSecret(SIGNING_SESSION_PREFIX);
  const expiresAt = addSeconds(now, RULES.sessionSeconds).toISOString();
  await ledgerTransaction(ctx, async (trx) => {
    await updateRecipientAuthentication(trx, recipient.id, {
      failedAttempts: 0,
      lockedUntil: null,
      // The first authentication is the one the certificate states; an SMS code is single use.
      authenticatedAt: authentication.authenticatedAt ?? now.toISOString(),
      ...(authentication.method === 'sms' ? { smsCodeHash: null, smsCodeExpiresAt: null } : {}),
    });
    await insertSigningSession(trx, {
      sessionHash: sha256Hex(signingSession),
      recipientId: recipient.id,
      envelopeId: envelope.id,
      expiresAt,
      createdAt: now.toISOString(),
    });
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'RECIPIENT_AUTHENTICATED',
      actor: { name: recipient.name, email: recipient.email },
      description: `${recipient.name} authenticated by ${describeMethod(authentication.method, recipient)}.`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
  });
  return { signingSession, expiresAt };
};
