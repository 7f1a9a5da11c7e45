import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { updateAccount } from '../../../app/accounts/update-account.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, Strict, errorResponses } from '../../schema-kit.js';
import { DefaultLanguage, FrameAncestors, RetentionDays, SettingsData, SignerCopyDays, presentSettings } from './settings.schema.js';

const UpdateBody = Strict({
  frame_ancestors: Type.Optional(FrameAncestors),
  default_language: Type.Optional(DefaultLanguage),
  signer_copy_days: Type.Optional(SignerCopyDays),
  retention_days: Type.Optional(RetentionDays),
});

export const updateSettingsRoute = (app: App, ctx: AppContext) =>
  app.put(
    '/account/settings',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'updateAccountSettings',
        summary: "Change the account's settings",
        description:
          '`frame_ancestors` replaces the list (an empty list lets no page frame them); duplicates are dropped and a trailing ' +
          'slash is removed. Anything that is not an http(s) origin (a path, a query, credentials, a wildcard, a CSP keyword) is ' +
          '400 INVALID_FRAME_ANCESTOR. Takes effect on the next page load. `default_language` applies to envelopes created ' +
          'afterwards (a language outside the list: 400 UNSUPPORTED_LANGUAGE). `signer_copy_days` (1–3650) applies at once to every ' +
          'completed envelope, counted from its completion. `retention_days` (1–3650, or null ' +
          'for ever) applies at once to every ended envelope, counted from its end: from that day on its documents answer 410 ' +
          'DOCUMENT_PURGED and their bytes are deleted. Each setting is optional; one left out is kept.',
        tags: ['Account'],
        body: Example(UpdateBody, {
          frame_ancestors: ['https://app.example.com', 'https://crm.example.com'],
          default_language: 'de',
          signer_copy_days: 90,
          retention_days: 365,
        }),
        response: {
          200: Example(Ok(SettingsData, 'Settings updated'), {
            message: 'Account settings updated.',
            data: {
              frame_ancestors: ['https://app.example.com', 'https://crm.example.com'],
              default_language: 'de',
              signer_copy_days: 90,
              retention_days: 365,
            },
          }),
          ...errorResponses(400, 401, 429),
          ...errorExample(
            'INVALID_FRAME_ANCESTOR',
            '"https://app.example.com/embed" is not an origin like https://app.example.com (http or https, no path, query or credentials).',
            { field: 'frame_ancestors' },
          ),
        },
      },
    },
    async (request) => {
      const updated = await updateAccount(ctx, callerOf(request).accountId, {
        frameAncestors: request.body.frame_ancestors,
        defaultLanguage: request.body.default_language,
        signerCopyDays: request.body.signer_copy_days,
        retentionDays: request.body.retention_days,
      });
      return { message: 'Account settings updated.', data: presentSettings(updated) };
    },
  );
