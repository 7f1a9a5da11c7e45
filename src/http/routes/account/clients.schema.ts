import { Type, type Static } from 'typebox';
import type { IssuedClient } from '../../../app/accounts/create-client.js';
import type { ListedClient } from '../../../app/accounts/list-clients.js';
import { Nullable, Strict, Text, Timestamp } from '../../schema-kit.js';

export const ClientDescription = Text(200, { description: 'What the client is for ("CRM integration"), at most 200 characters' });

export const ClientData = Type.Object({
  client_id: Text(64),
  description: Nullable(ClientDescription, { description: 'null for clients made by the operator (`countersign client create`)' }),
  created_at: Timestamp(),
  revoked_at: Nullable(Timestamp(), { description: 'null while the client is active' }),
});

export const IssuedClientData = Type.Object({
  client_id: Text(64),
  client_secret: Text(128, { description: 'Shown this once; stored only as a hash' }),
  credentials: Text(400, { description: 'base64 of `client_id:client_secret`: the `credentials` of `POST /authorization/token`' }),
  description: Nullable(ClientDescription),
  created_at: Timestamp(),
});

/** `{clientId}` in the path: any well-formed id, so an unknown or foreign one answers 404 CLIENT_NOT_FOUND. */
export const ClientIdParams = Strict({
  clientId: Text(64, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: 'The client_id' }),
});

export const presentClient = (client: ListedClient): Static<typeof ClientData> => ({
  client_id: client.clientId,
  description: client.description,
  created_at: client.createdAt,
  revoked_at: client.revokedAt,
});

export const presentIssuedClient = (client: IssuedClient): Static<typeof IssuedClientData> => ({
  client_id: client.clientId,
  client_secret: client.clientSecret,
  credentials: client.credentials,
  description: client.description,
  created_at: client.createdAt,
});
