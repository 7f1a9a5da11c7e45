import { sha256Hex } from '../hash.js';

/**
 * A stable pseudonymous id of a signer within an account: hex SHA-256 of
 * `accountId:lower-cased email`, shown as `0x` and 40 hex digits because users of the original
 * (blockchain-flavoured) API expect an Ethereum-looking address. It is not a real wallet.
 */
export const walletAddress = (accountId: string, email: string): string =>
  `0x${sha256Hex(`${accountId}:${email.toLowerCase()}`).slice(0, 40)}`;
