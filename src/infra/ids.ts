import { randomBase64url } from './random-pool.js';

export type IdPrefix =
  | 'env'
  | 'doc'
  | 'rcp'
  | 'tpl'
  | 'file'
  | 'att'
  | 'acct'
  | 'usr'
  | 'cli'
  | 'fld'
  | 'whk'
  | 'evt'
  | 'dlv'
  | 'job'
  | 'tfam'
  | 'ses'
  | 'drf'
  | 'sev'
  | 'pky'
  | 'sso'
  | 'pbl'
  | 'plc'
  | 'dlg'
  | 'grp'
  | 'bulk';

/** An opaque, unguessable id: the type prefix and 128 random bits (docs/api/conventions.md asks for at least 96). */
export const newId = (prefix: IdPrefix): string => `${prefix}_${randomBase64url(16)}`;

/** A bearer secret (token, client secret): 256 random bits behind a recognisable prefix. */
export const newSecret = (prefix: string): string => `${prefix}${randomBase64url(32)}`;
