import { AppError } from '../../domain/app-error.js';
import { PUBLIC_LINK_RULES as RULES, publicLinkClosed, publicLinkClosure } from '../../domain/public-link.js';
import {
  readNewestPublicLinkCode,
  reservePublicLinkCodeAttempt,
  spendPublicLinkCode,
  type PublicLinkCode,
} from '../../infra/db/tables/public-link-codes-table.js';
import { countPublicLinkUse, readPublicLinkById, type PublicLink } from '../../infra/db/tables/public-links-table.js';
import { verifySecret } from '../../infra/secret-hash.js';
import type { AppContext, Caller } from '../context.js';
import { createEnvelopeFromTemplate } from '../envelopes/create-envelope-from-template.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { issueSigningToken, signingUrl } from '../signing/signing-tokens.js';
import type { AccountTemplate } from '../templates/load-template.js';
import { normalizeEmail } from '../users/email-address.js';
import { openPublicLink } from './open-public-link.js';

export interface PublicLinkSigning {
  envelopeId: string;
  signingToken: string;
  url: string;
}

const invalidCode = (message: string) => new AppError('INVALID_CODE', message, { field: 'code' });

/** The newest code mailed to this address, checked: every guess is counted before it is compared (at most five). */
const checkCode = async (ctx: AppContext, link: PublicLink, email: string, given: string): Promise<PublicLinkCode> => {
  const code = await readNewestPublicLinkCode(ctx.db, link.id, email);
  const now = ctx.clock.now().toISOString();
  if (!code || code.usedAt !== null) throw invalidCode('No code is waiting for this address: ask for one first.');
  if (code.expiresAt <= now)
    throw new AppError('CODE_EXPIRED', 'This code has expired or a newer one was sent: use the newest, or ask for a new one.', {
      field: 'code',
    });
  if (!(await reservePublicLinkCodeAttempt(ctx.db, code.id, RULES.maxAttempts, now)))
    throw invalidCode(`This code was entered wrongly ${RULES.maxAttempts} times and no longer works: ask for a new one.`);
  if (!(await verifySecret(given, code.codeHash))) {
    const left = RULES.maxAttempts - code.attempts - 1;
    throw invalidCode(
      left > 0
        ? `Wrong code: ${left} attempt(s) left.`
        : `Wrong code. It was entered wrongly ${RULES.maxAttempts} times and no longer works: ask for a new one.`,
    );
  }
  return code;
};

/** The account, acting through its link: envelopes a link makes are the owner's (docs/api/people.md "Who acted"). */
const linkCaller = (link: PublicLink): Caller => ({
  accountId: link.accountId,
  clientId: `public-link:${link.id}`,
  userId: null,
  tokenHash: '',
  role: 'admin',
});

/** Why the use cannot be counted in the creation's transaction, as a visitor is told. */
const closedNow = async (ctx: AppContext, link: PublicLink, template: AccountTemplate) => {
  const current = (await readPublicLinkById(ctx.db, link.id)) ?? link;
  return publicLinkClosed(publicLinkClosure({ ...current, templateActive: template.status === 'Active' }, ctx.clock.now()) ?? 'used_up');
};

/**
 * `POST /public/{slug}/verify` (docs/api/public-links.md): a right code makes an envelope through the
 * template path, with the visitor in the link's role and the saved people in the others. The use
 * is counted and the code spent in the creation's own transaction: of two visitors racing for the
 * last use, one gets an envelope and the other 410, and a code makes one envelope only. The
 * visitor's link is answered, not mailed; the other roles are invited as the template's flow says.
 */
export const usePublicLink = async (
  ctx: AppContext,
  slug: string,
  request: { email: string; code: string },
  origin: RequestOrigin,
): Promise<PublicLinkSigning> => {
  const { link, template } = await openPublicLink(ctx, ctx.db, slug);
  const email = normalizeEmail(request.email);
  const code = await checkCode(ctx, link, email, request.code.trim());
  const created = await createEnvelopeFromTemplate(
    ctx,
    linkCaller(link),
    {
      templateId: template.id,
      envelope: { name: template.name, settings: {} },
      signers: [
        { signerTitle: link.roleTitle, name: code.name, email, language: code.language },
        ...link.recipients.signers.map(({ signerTitle, name, email }) => ({ signerTitle, name, email })),
      ],
      observers: link.recipients.observers.map(({ observerTitle, name, email }) => ({ observerTitle, name, email })),
    },
    origin,
    undefined,
    {
      uninvited: [email],
      withinCreation: async (trx) => {
        const now = ctx.clock.now().toISOString();
        if (!(await spendPublicLinkCode(trx, code.id, now))) throw invalidCode('This code was already used: ask for a new one.');
        if (!(await countPublicLinkUse(trx, link.id, now))) throw await closedNow(ctx, link, template);
      },
    },
  );
  const visitor = created.signers.find((signer) => signer.email === email);
  if (!visitor) throw new Error(`Envelope ${created.envelopeId} lacks the visitor ${email}.`);
  const token = await ledgerTransaction(ctx, async (trx) => {
    await appendLedgerEntry(ctx, trx, {
      envelopeId: created.envelopeId,
      activityType: 'PUBLIC_LINK_USED',
      actor: { name: code.name, email },
      description: `${code.name} <${email}> proved their address with a mailed code and started this envelope through the public link of template "${template.name}", as "${link.roleTitle}".`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
    return issueSigningToken(ctx, trx, { id: visitor.recipientId, envelopeId: created.envelopeId }, 'invitation');
  });
  return { envelopeId: created.envelopeId, signingToken: token, url: signingUrl(ctx, token) };
};
