import { after, before, describe } from 'node:test';
import { testDatabases, type TestDatabase } from './databases.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { startTestServer, type TestServer } from './test-server.js';

export interface SuiteOptions {
  /** Server environment on top of the test defaults (DATA_DIR, and DATABASE_URL on PostgreSQL, are the fixture's). */
  env?: Record<string, string>;
  /** Starts an SMTP sink before the server, points SMTP_URL at it and hands it to the suite; closed after the server. */
  smtpSink?: boolean;
  /** The server logs through the service's own logger into memory: `server.loggedText()`. */
  captureLog?: boolean;
}

type WithoutSmtpSink = SuiteOptions & { smtpSink?: false };
type WithSmtpSink = SuiteOptions & { smtpSink: true };
type OnDatabase = { database: TestDatabase };

type SuiteBody = (server: TestServer) => void;
type SmtpSuiteBody = (server: TestServer, sink: SmtpSink) => void;

/**
 * Stands for what a `before` hook starts: the suite declares its tests against it while nothing
 * runs yet, and every use in a hook or test reaches the running thing.
 */
const startedInBefore = <T extends object>(name: string, current: () => T | undefined): T =>
  new Proxy({} as T, {
    get: (_target, key) => {
      const target = current();
      if (!target) throw new Error(`${name} starts in the suite's before hook: use it in hooks and tests only`);
      return Reflect.get(target, key);
    },
  });

const describeServerSuite = (title: string, body: SmtpSuiteBody, options: SuiteOptions & OnDatabase): void => {
  describe(title, () => {
    let sink: SmtpSink | undefined;
    let server: TestServer | undefined;
    before(async () => {
      if (options.smtpSink) sink = await startSmtpSink();
      server = await startTestServer(
        options.database,
        { ...(sink ? { SMTP_URL: sink.url } : {}), ...options.env },
        { captureLog: options.captureLog },
      );
    });
    body(
      startedInBefore('The test server', () => server),
      startedInBefore('The SMTP sink (with { smtpSink: true })', () => sink),
    );
    after(async () => {
      await server?.close();
      await sink?.close();
    });
  });
};

/**
 * A suite against the real service on a fresh database of the given kind. The server starts in the
 * suite's first `before` hook, so the suite's own `before` hooks can use it, and closes after the
 * suite's own `after` hooks.
 */
export function describeWithServer(title: string, body: SuiteBody, options: WithoutSmtpSink & OnDatabase): void;
export function describeWithServer(title: string, body: SmtpSuiteBody, options: WithSmtpSink & OnDatabase): void;
export function describeWithServer(title: string, body: SmtpSuiteBody, options: SuiteOptions & OnDatabase): void {
  describeServerSuite(title, body, options);
}

/** `describeWithServer` once per database of TEST_DATABASES (SQLite and PostgreSQL by default), titled `${title} on ${database}`. */
export function describeOnEachDatabase(title: string, body: SuiteBody, options?: WithoutSmtpSink): void;
export function describeOnEachDatabase(title: string, body: SmtpSuiteBody, options: WithSmtpSink): void;
export function describeOnEachDatabase(title: string, body: SmtpSuiteBody, options: SuiteOptions = {}): void {
  for (const database of testDatabases) describeServerSuite(`${title} on ${database}`, body, { ...options, database });
}
