import { resolve } from 'node:path';
import { loadConfig, type Config } from '../../config.js';
import { systemClock } from '../../domain/clock.js';
import { takeBackup } from '../../infra/backup/take-backup.js';
import { printResult, requiredOption, type Command } from '../command.js';

/** What the copy leaves to other tools, and in which order: the database before the documents it names. */
const adviceFor = (config: Config): string[] => {
  const advice: string[] = [];
  if (config.database.kind === 'postgres') {
    advice.push(
      'The database is PostgreSQL: back it up with pg_dump --format=custom "$DATABASE_URL", taken before this copy so that every document it names is in it (docs/operations/backups.md).',
    );
  }
  if (config.documentStore.kind === 's3') {
    const { bucket, prefix } = config.documentStore;
    advice.push(
      `The documents are in s3://${bucket}${prefix ? `/${prefix}` : ''}: back the bucket up by its own means (versioning, replication), after the database.`,
    );
  }
  return advice;
};

export const backup: Command = {
  usage: `countersign backup --to <dir> [--json]

Copies this installation (the environment's DATA_DIR, DATABASE_URL and DOCUMENT_STORE) into <dir>,
which it creates (an existing one must be empty) and which must be outside DATA_DIR, while the
service goes on running: the SQLite database (SQLite's online backup), the document store's files
(DOCUMENT_STORE=fs), the keys in DATA_DIR/keys, and manifest.json, written last, with every file's
path, size and SHA-256. Not copied: DATA_DIR/outbox, a PostgreSQL database (use pg_dump) and an S3
bucket (back it up by the bucket's own means). countersign restore --from <dir> puts it back.
Exit 0 when the copy is complete, 1 otherwise (a non-empty <dir>, an unreadable database).`,
  options: { to: { type: 'string' } },
  run: async (args) => {
    const to = resolve(requiredOption(args, 'to'));
    const config = loadConfig();
    const manifest = await takeBackup(config, to, systemClock);
    const advice = adviceFor(config);
    const result = {
      backup: to,
      files: manifest.files.length,
      bytes: manifest.files.reduce((sum, file) => sum + file.size, 0),
      database: manifest.database === 'sqlite' ? 'copied' : 'not copied (pg_dump)',
      documents: { fs: 'copied', db: 'in the database', s3: 'not copied (in the bucket)' }[manifest.document_store],
      keys: manifest.files.filter((file) => file.path.startsWith('keys/')).length,
    };
    printResult(args, args.json ? { ...result, advice } : result, advice.length ? advice.join('\n') : undefined);
    return 0;
  },
};
