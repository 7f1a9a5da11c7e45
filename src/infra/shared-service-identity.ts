import type { Logger } from 'pino';
import { ConfigError } from '../config.js';
import type { Clock } from '../domain/clock.js';
import type { Db } from './db/database.js';
import {
  insertServiceIdentityIfAbsent,
  readServiceIdentity,
  sealStoredServiceIdentity,
  type ServiceIdentityName,
  type StoredServiceIdentity,
} from './db/tables/service-identity-table.js';
import { derivedSecretBox } from './secrets-key.js';

/** One of the keys every process must share: its row, the variable that configures it, and how a refusal names it. */
export interface SharedKeyKind {
  name: ServiceIdentityName;
  variable: 'LEDGER_KEY' | 'SIGNING_CERT_P12';
  /** "ledger key", "sealing certificate". */
  noun: string;
}

/** A generated key: its private part (PEM) and the public identity every process compares. */
export interface GeneratedKey {
  pem: string;
  publicId: string;
}

/**
 * The installation's keys kept in its PostgreSQL database (docs/operations/scaling.md, "One identity for many
 * processes"): the first process records each key, and every later one presents the same or refuses
 * to start with one line naming the variable. Refusals never print key material.
 */
export interface SharedServiceIdentity {
  /** Records a configured key's public identity on the first start; refuses one that differs from the recorded key. */
  checkConfigured(kind: SharedKeyKind, publicId: string): Promise<void>;
  /** The generated key (PEM) every process uses: the stored one, or `candidate`'s stored first when there is none. */
  generated(kind: SharedKeyKind, candidate: () => Promise<GeneratedKey>): Promise<string>;
}

const AAD_PREFIX = 'service_identity';

export const sharedServiceIdentity = ({
  db,
  clock,
  logger,
  secretsKey,
}: {
  db: Db;
  clock: Clock;
  logger: Logger;
  secretsKey: Uint8Array | undefined;
}): SharedServiceIdentity => {
  const box = secretsKey && derivedSecretBox(secretsKey, 'service identity');

  /** The stored row, written first when there is none; every process starting together reads the same winner. */
  const storedOrFirst = async (kind: SharedKeyKind, first: () => Promise<Omit<StoredServiceIdentity, 'name' | 'createdAt'>>) => {
    const stored = await readServiceIdentity(db, kind.name);
    if (stored) return stored;
    await insertServiceIdentityIfAbsent(db, { name: kind.name, ...(await first()), createdAt: clock.now().toISOString() });
    const winner = await readServiceIdentity(db, kind.name);
    if (!winner) throw new Error(`The ${kind.noun} was stored but cannot be read back.`);
    return winner;
  };

  const open = (kind: SharedKeyKind, stored: StoredServiceIdentity & { secret: string }): string => {
    if (!stored.secretEncrypted) return stored.secret;
    if (!box) {
      throw new ConfigError(
        'SECRETS_KEY',
        `is unset, but the ${kind.noun} stored in the database is encrypted: set the other processes' SECRETS_KEY`,
      );
    }
    try {
      return box.open(stored.secret, `${AAD_PREFIX}.${kind.name}`);
    } catch {
      throw new ConfigError('SECRETS_KEY', `cannot decrypt the ${kind.noun} stored in the database: set the other processes' SECRETS_KEY`);
    }
  };

  return {
    checkConfigured: async (kind, publicId) => {
      const stored = await storedOrFirst(kind, async () => ({ publicId, secret: null, secretEncrypted: false }));
      if (stored.publicId === publicId) return;
      throw new ConfigError(
        kind.variable,
        stored.secret === null
          ? `differs from the ${kind.noun} this database started with: set the same ${kind.variable} in every process`
          : `differs from the ${kind.noun} this database started with, which its first process generated and stored: unset ${kind.variable}`,
      );
    },

    generated: async (kind, candidate) => {
      const stored = await storedOrFirst(kind, async () => {
        const { pem, publicId } = await candidate();
        return box
          ? { publicId, secret: box.seal(pem, `${AAD_PREFIX}.${kind.name}`), secretEncrypted: true }
          : { publicId, secret: pem, secretEncrypted: false };
      });
      const { secret } = stored;
      if (secret === null) {
        throw new ConfigError(
          kind.variable,
          `is unset, but this database started with a configured ${kind.noun}: set the same ${kind.variable} in every process`,
        );
      }
      const pem = open(kind, { ...stored, secret });
      if (!stored.secretEncrypted) {
        if (box) await sealStoredServiceIdentity(db, kind.name, box.seal(pem, `${AAD_PREFIX}.${kind.name}`));
        else
          logger.warn(
            `The ${kind.noun} is stored in the database unencrypted: set SECRETS_KEY (docs/operations/scaling.md "One identity")`,
          );
      }
      return pem;
    },
  };
};
