import { ConfigError, loadConfig } from './config.js';
import { startService } from './service.js';

/** `npm start`: serve with the embedded defaults, and say where everything lives. */
const main = async () => {
  let config;
  let service;
  try {
    config = loadConfig();
    service = await startService(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
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

  const stop = async () => {
    await service.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

await main();
