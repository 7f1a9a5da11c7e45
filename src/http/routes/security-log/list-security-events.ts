import type { AppContext } from '../../../app/context.js';
import { listSecurityEvents } from '../../../app/security-log/list-security-events.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SecurityEventPageData,
  SecurityEventQuery,
  presentSecurityEventPage,
} from './security-log.schema.js';

export const listSecurityEventsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/account/security_events',
    {
      config: { role: 'admin' },
      schema: {
        operationId: 'listSecurityEvents',
        summary: "The account's security log",
        description:
          "Every sign-in of the account's people (`sign_in`, with `method` `password`, `passkey`, `email_link` or `sso`), " +
          'failure (`sign_in_failed`), lock-out (`user_locked`), password change and reset (`password_changed`, ' +
          '`password_reset`), passkey added or removed, and single sign-on change or refusal (`sso_changed`, `sso_refused`), ' +
          'with the address and browser the request came from. Newest first, paginated (`page` from 1, `page_size` ' +
          `1–${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}; out of range: 400 INVALID_PAGINATION); a page past the end is ` +
          "empty. Failures for an address that is nobody's belong to no account and are not listed (the lock-out counts them).",
        tags: ['Users'],
        querystring: SecurityEventQuery,
        response: {
          200: Example(Ok(SecurityEventPageData), {
            message: 'Security events.',
            data: {
              events: [
                {
                  event_id: 'sev_Q2xvY2tzQXJlTmljZVRvbw',
                  type: 'sign_in',
                  user_email: 'grace@acme.example',
                  method: 'password',
                  ip: '203.0.113.7',
                  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
                  at: '2026-03-03T09:12:44.000Z',
                  detail: null,
                },
                {
                  event_id: 'sev_VGhlIGtldHRsZSBzaW5ncw',
                  type: 'sign_in_failed',
                  user_email: 'grace@acme.example',
                  method: 'password',
                  ip: '203.0.113.7',
                  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
                  at: '2026-03-03T09:12:31.000Z',
                  detail: 'wrong password',
                },
              ],
              total: 2,
              page: 1,
              page_size: 20,
            },
          }),
          ...errorResponses(400, 401, 429),
          ...errorExample('INVALID_PAGINATION', '"page_size" must be <= 100.', { field: 'page_size', message: 'The request is invalid.' }),
        },
      },
    },
    async (request) => {
      const page = await listSecurityEvents(ctx, {
        accountId: callerOf(request).accountId,
        page: request.query.page ?? 1,
        pageSize: request.query.page_size ?? DEFAULT_PAGE_SIZE,
      });
      return { message: 'Security events.', data: presentSecurityEventPage(page) };
    },
  );
