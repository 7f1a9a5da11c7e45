import { AppError } from './app-error.js';
import type { UserRole } from './user-role.js';

/** An account's single sign-on (docs/guide/single-sign-on.md), as its admin set it; the client secret stays sealed elsewhere. */
export interface SsoSettings {
  accountId: string;
  issuer: string;
  clientId: string;
  emailDomains: string[];
  defaultRole: UserRole;
  enforced: boolean;
  createdAt: string;
  updatedAt: string;
}

export const SSO_LIMITS = {
  minDomains: 1,
  maxDomains: 50,
  maxIssuerLength: 2048,
  maxClientIdLength: 255,
  maxClientSecretLength: 1024,
  /** Between `/console/sso/start` and the callback: time for a person to sign in at their provider. */
  signInSeconds: 600,
  /** A discovery document, JWKS or token response larger than this is refused (they are a few kilobytes). */
  maxResponseBytes: 256 * 1024,
  /** Each request to the provider, connection to last byte. */
  requestTimeoutMs: 10_000,
} as const;

/** A DNS name of at least two labels, letters, digits and inner hyphens, lower case (IDNs as punycode). */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The e-mail domains, trimmed and lower-cased, duplicates dropped: 1 to 50 names like `acme.example`
 * (no `@`, no wildcard). Each bad entry is named by its index.
 */
export const normalizeEmailDomains = (raw: readonly string[]): string[] => {
  if (raw.length < SSO_LIMITS.minDomains || raw.length > SSO_LIMITS.maxDomains) {
    throw new AppError('INVALID_FIELD', `Give ${SSO_LIMITS.minDomains} to ${SSO_LIMITS.maxDomains} e-mail domains.`, {
      field: 'email_domains',
    });
  }
  const domains = raw.map((entry) => entry.trim().toLowerCase().replace(/\.$/, ''));
  domains.forEach((domain, index) => {
    if (!DOMAIN.test(domain)) {
      throw new AppError('INVALID_FIELD', `"${raw[index]}" is not an e-mail domain like acme.example.`, {
        field: `email_domains[${index}]`,
      });
    }
  });
  return [...new Set(domains)];
};

/** The domain of a (normalised) address: what follows its last `@`. */
export const emailDomainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1);

const invalidIssuer = (message: string) => new AppError('INVALID_SSO_ISSUER', message, { field: 'issuer' });

/**
 * The issuer's form: https, no credentials, query or fragment; http only where `allowPrivate`
 * (SSO_ALLOW_PRIVATE). A trailing slash is kept: the issuer is compared exactly with discovery's.
 */
export const parseIssuer = (raw: string, allowPrivate: boolean): URL => {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalidIssuer('The issuer is not an absolute URL like https://login.example.com.');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw invalidIssuer(
      allowPrivate
        ? 'The issuer must start with https:// or http://.'
        : 'The issuer must start with https:// (http only with SSO_ALLOW_PRIVATE=true).',
    );
  }
  if (url.username || url.password) throw invalidIssuer('The issuer must not carry credentials.');
  if (url.search || url.hash) throw invalidIssuer('The issuer has no query or fragment.');
  return url;
};
