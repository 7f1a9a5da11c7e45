import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { listPasskeys } from '../../../app/passkeys/list-passkeys.js';
import { PASSKEYS } from '../../../domain/passkey.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { List, Ok, errorResponses } from '../../schema-kit.js';
import { PasskeyData, presentPasskey } from './passkeys.schema.js';

export const listPasskeysRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/console/passkeys',
    {
      schema: {
        operationId: 'listPasskeys',
        summary: "The signed-in person's passkeys",
        description:
          `With a console user's access token: that person's own passkeys (at most ${PASSKEYS.maxPerUser}), oldest first, with ` +
          "when each was last used to sign in. Never another person's, admins included. No key material is shown.",
        tags: ['Passkeys'],
        response: {
          200: Example(Ok(Type.Object({ passkeys: List(PasskeyData, PASSKEYS.maxPerUser) })), {
            message: 'Passkeys.',
            data: {
              passkeys: [
                {
                  passkey_id: 'pky_4TnWq8ZbR1xYc5LmK2vJ9e',
                  name: 'Work laptop',
                  created_at: '2026-11-21T08:15:32.000Z',
                  last_used_at: '2026-11-24T07:58:10.000Z',
                },
                {
                  passkey_id: 'pky_9KdPq2WxE7rTb1NmY5cZ3a',
                  name: 'Security key',
                  created_at: '2026-11-22T10:02:45.000Z',
                  last_used_at: null,
                },
              ],
            },
          }),
          ...errorResponses(401, 403, 429),
          ...errorExample(
            'ROLE_FORBIDDEN',
            "Passkeys belong to a person: call this with a console user's access token, not an API client's.",
          ),
        },
      },
    },
    async (request) => ({ message: 'Passkeys.', data: { passkeys: (await listPasskeys(ctx, callerOf(request))).map(presentPasskey) } }),
  );
