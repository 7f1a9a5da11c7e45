import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Every address a URL's host stands for: the literal itself, or what DNS answers now. Empty when it does not resolve. */
export const resolveHost = async (hostname: string): Promise<string[]> => {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (isIP(bare)) return [bare];
  try {
    return (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
};
