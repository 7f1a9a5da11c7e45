import type { Database } from '../../src/infra/db/schema.js';
import type { TestServer } from './test-server.js';

/** The rows of a table on the test server, of every account: what a refused request must not have added to. */
export const rowCount = async (server: TestServer, table: keyof Database): Promise<number> =>
  Number(
    (
      await server.service.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
