import { ConfigError, loadConfig, type Config } from './config.js';
import { startService } from './service.js';

/** A port that cannot be had is a configuration error like any other: one line naming PORT (or HOST), no stack. */
const listenRefusal = (error: unknown, config: Config | undefined): string | undefined => {
  const code = (error as NodeJS.ErrnoException).code;
  if (!config) return undefined;
  const where = `${config.host}:${config.port}`;
  if (code === 'EADDRINUSE') return `PORT ${config.port} is already in use (${where}): stop the other process or set PORT to a free port`;
  if (code === 'EACCES') return `PORT ${config.port} may not be opened by this user (${where}): choose a port above 1023`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${config.host} is not an address of this machine (${where})`;
  return undefined;
};

/** `npm start`: serve with the embedded defaults, and say where everything lives. */
const main = async () => {
  let config: Config | undefined;
  let service;
  try {
    config = loadConfig();
    service = await startService(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    const listenRefused = listenRefusal(error, config);
    if (listenRefused) {
      console.error(listenRefused);
      process.exit(1);
    }
    throw error;
  }
  const database = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  console.log(`Countersign listening on ${service.url} (public URL ${config.publicUrl})`);
  console.log(`  API docs: ${service.url}/docs`);
  console.log(`  data:     ${config.dataDir}`);
  console.log(`  database: ${database}`);
  console.log(`  mail:     ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `${config.dataDir}/outbox (.eml files; links are logged)`}`);
  const generatedKeys = config.database.kind === 'postgres' ? 'generated once, shared through the database' : 'generated';
  console.log(`  keys:     ${config.signingCert ? config.signingCert.p12Path : `${config.dataDir}/keys (${generatedKeys})`}`);
  if (service.setupUrl) console.log(`  setup:    ${service.setupUrl}`);

  const stop = async () => {
    await service.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

await main();
