import type { Db } from '../database.js';
import { bool, oneOf, rowCodec } from '../row-codec.js';
import type { ServiceIdentityTable } from '../schema.js';

/** The two keys every process of an installation presents: the ledger's and the sealing chain's. */
export type ServiceIdentityName = 'ledger' | 'sealing';

/** One shared key as the first process on the database recorded it. */
export interface StoredServiceIdentity {
  name: ServiceIdentityName;
  /** What every process's key must match: the ledger's public key, or the SHA-256 of the sealing chain's root. */
  publicId: string;
  /** The generated private key (PEM), sealed when `secretEncrypted`; null when the key came from configuration. */
  secret: string | null;
  secretEncrypted: boolean;
  createdAt: string;
}

const serviceIdentityCodec = rowCodec<StoredServiceIdentity, ServiceIdentityTable>({
  name: ['name', oneOf<ServiceIdentityName>()],
  publicId: 'public_id',
  secret: 'secret',
  secretEncrypted: ['secret_encrypted', bool],
  createdAt: 'created_at',
});

export const readServiceIdentity = async (db: Db, name: ServiceIdentityName): Promise<StoredServiceIdentity | undefined> => {
  const row = await db.selectFrom('service_identity').selectAll().where('name', '=', name).executeTakeFirst();
  return row && serviceIdentityCodec.fromRow(row);
};

/** Writes the row unless there is one already: of processes starting together, the first insert wins and all read it. */
export const insertServiceIdentityIfAbsent = async (db: Db, identity: StoredServiceIdentity): Promise<void> => {
  await db
    .insertInto('service_identity')
    .values(serviceIdentityCodec.toRow(identity))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
};

/** Replaces a secret stored in clear by its sealed form; a row already sealed (by another process) is left alone. */
export const sealStoredServiceIdentity = async (db: Db, name: ServiceIdentityName, sealed: string): Promise<void> => {
  await db
    .updateTable('service_identity')
    .set({ secret: sealed, secret_encrypted: 1 })
    .where('name', '=', name)
    .where('secret_encrypted', '=', 0)
    .execute();
};
