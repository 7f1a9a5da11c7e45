import { AppError } from './app-error.js';

/**
 * The bounds of a public link (docs/api/public-links.md). The service-wide limit per IP address and
 * minute applies too; these are tighter, per link, because each code is a mail sent on the
 * visitor's word.
 */
export const PUBLIC_LINK_RULES = {
  codeDigits: 6,
  codeSeconds: 10 * 60,
  maxAttempts: 5,
  windowSeconds: 60 * 60,
  codesPerAddress: 5,
  codesPerIp: 20,
} as const;

/** What a visitor sees of a link's state: it takes visitors, or it is closed for one of these reasons. */
export type PublicLinkClosure = 'disabled' | 'expired' | 'used_up' | 'template_inactive';

export interface PublicLinkState {
  enabled: boolean;
  maxUses: number | null;
  uses: number;
  expiresAt: string | null;
  templateActive: boolean;
}

export const publicLinkClosure = (link: PublicLinkState, now: Date): PublicLinkClosure | null => {
  if (!link.enabled) return 'disabled';
  if (!link.templateActive) return 'template_inactive';
  if (link.expiresAt !== null && link.expiresAt <= now.toISOString()) return 'expired';
  if (link.maxUses !== null && link.uses >= link.maxUses) return 'used_up';
  return null;
};

const CLOSURE_MESSAGES: Record<PublicLinkClosure, string> = {
  disabled: 'This link has been switched off by its owner.',
  expired: 'This link has expired.',
  used_up: 'This link has been used as many times as its owner allowed.',
  template_inactive: 'The document behind this link is not available any more.',
};

/** 410 PUBLIC_LINK_CLOSED, saying why. */
export const publicLinkClosed = (reason: PublicLinkClosure): AppError => new AppError('PUBLIC_LINK_CLOSED', CLOSURE_MESSAGES[reason]);

/** Unknown slugs and links of deleted templates alike. */
export const publicLinkNotFound = (): AppError => new AppError('PUBLIC_LINK_NOT_FOUND', 'There is no such link.');
