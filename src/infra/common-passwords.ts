import { readFileSync } from 'node:fs';
import { packagePath } from '../package-dir.js';

let loaded: ReadonlySet<string> | undefined;

/** The common-password list (assets/common-passwords/README.md), lower-cased; read once, when first needed. */
export const commonPasswords = (): ReadonlySet<string> => {
  loaded ??= new Set(
    readFileSync(packagePath('assets', 'common-passwords', 'passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return loaded;
};
