import { Type, type Static } from 'typebox';
import type { SecurityEventPage } from '../../../app/security-log/list-security-events.js';
import { SECURITY_EVENT_TYPES, SIGN_IN_METHODS } from '../../../domain/security-event.js';
import { Id, Int, List, Nullable, Strict, Text, Timestamp } from '../../schema-kit.js';

/** The largest page; the default is DEFAULT_PAGE_SIZE. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export const SecurityEventQuery = Strict({
  page: Type.Optional(Int(1, 1_000_000, { 'x-invalid-code': 'INVALID_PAGINATION', description: '1-based page number (default 1)' })),
  page_size: Type.Optional(
    Int(1, MAX_PAGE_SIZE, {
      'x-invalid-code': 'INVALID_PAGINATION',
      description: `Events per page, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`,
    }),
  ),
});

const SecurityEventData = Type.Object({
  event_id: Id('sev'),
  type: Type.String({ enum: [...SECURITY_EVENT_TYPES], maxLength: 32 }),
  user_email: Nullable(Text(320), { description: 'The address of the person concerned, as it was then; null for an account-wide change' }),
  method: Nullable(Type.String({ enum: [...SIGN_IN_METHODS], maxLength: 16 }), {
    description: 'How the person signed in or tried to: `password`, `passkey`, `email_link` or `sso`; null where it does not apply',
  }),
  ip: Nullable(Text(64), { description: 'The address the request came from' }),
  user_agent: Nullable(Text(500), { description: "The request's User-Agent, cut at 500 characters" }),
  at: Timestamp(),
  detail: Nullable(Text(200), { description: 'A short fixed phrase saying what happened (never a password, token or secret)' }),
});

export const SecurityEventPageData = Type.Object({
  events: List(SecurityEventData, MAX_PAGE_SIZE),
  total: Int(0, 1_000_000_000),
  page: Int(1, 1_000_000),
  page_size: Int(1, MAX_PAGE_SIZE),
});

export const presentSecurityEventPage = (page: SecurityEventPage): Static<typeof SecurityEventPageData> => ({
  events: page.events.map((event) => ({
    event_id: event.id,
    type: event.type,
    user_email: event.userEmail,
    method: event.method,
    ip: event.ip,
    user_agent: event.userAgent,
    at: event.at,
    detail: event.detail,
  })),
  total: page.total,
  page: page.page,
  page_size: page.pageSize,
});
