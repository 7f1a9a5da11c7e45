import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { updateAccount } from '../../../app/accounts/update-account.js';
import { callerOf, type App } from '../../app-type.js';
import { Ok, Strict, errorResponses } from '../../schema-kit.js';
import { DefaultLanguage, FrameAncestors, SettingsData, presentSettings } from './settings.schema.js';

const UpdateBody = Strict({ frame_ancestors: Type.Optional(FrameAncestors), default_language: Type.Optional(DefaultLanguage) });

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
          'afterwards (a language outside the list: 400 UNSUPPORTED_LANGUAGE). Each setting is optional; one left out is kept.',
        tags: ['Account'],
        body: UpdateBody,
        response: { 200: Ok(SettingsData, 'Settings updated'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const updated = await updateAccount(ctx, callerOf(request).accountId, {
        frameAncestors: request.body.frame_ancestors,
        defaultLanguage: request.body.default_language,
      });
      return { message: 'Account settings updated.', data: presentSettings(updated) };
    },
  );
