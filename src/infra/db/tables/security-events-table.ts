import type { SecurityEvent, SecurityEventType, SignInMethod } from '../../../domain/security-event.js';
import type { Db } from '../database.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { SecurityEventsTable } from '../schema.js';

const securityEventCodec = rowCodec<SecurityEvent, Omit<SecurityEventsTable, 'seq'>>({
  id: 'id',
  accountId: 'account_id',
  type: ['type', oneOf<SecurityEventType>()],
  userId: 'user_id',
  userEmail: 'user_email',
  method: ['method', { decode: (column: string | null) => column as SignInMethod | null, encode: (value: SignInMethod | null) => value }],
  ip: 'ip',
  userAgent: 'user_agent',
  detail: 'detail',
  at: 'at',
});

export const insertSecurityEvent = async (db: Db, event: SecurityEvent): Promise<void> => {
  await db.insertInto('security_events').values(securityEventCodec.toRow(event)).execute();
};

/** One page of an account's log, newest first (in the order written, so events of one millisecond keep theirs and pages never overlap), and how many there are. */
export const listSecurityEvents = async (
  db: Db,
  accountId: string,
  page: { limit: number; offset: number },
): Promise<{ events: SecurityEvent[]; total: number }> => {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('security_events')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('seq', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('security_events')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
  ]);
  return { events: rows.map((row) => securityEventCodec.fromRow(row)), total: Number(count.n) };
};
