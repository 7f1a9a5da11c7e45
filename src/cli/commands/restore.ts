import { resolve } from 'node:path';
import { loadConfig } from '../../config.js';
import { restoreBackup } from '../../infra/backup/restore-backup.js';
import { printResult, requiredOption, type Command } from '../command.js';

export const restore: Command = {
  usage: `countersign restore --from <dir> [--json]

Puts a backup made by countersign backup into this environment's DATA_DIR (and the SQLite file
DATABASE_URL names), which must be empty or absent; start the service on it afterwards. First every
file of <dir> is checked against its manifest.json (the same files, each one's size and SHA-256): a
mismatch writes nothing. The backup must come from an installation of the same kind (SQLite or
PostgreSQL, the same DOCUMENT_STORE). On PostgreSQL the database is not in the backup: restore it
with pg_restore into an empty database. Exit 0 when restored, 1 otherwise (naming the file or the
problem).`,
  options: { from: { type: 'string' } },
  run: async (args) => {
    const from = resolve(requiredOption(args, 'from'));
    const config = loadConfig();
    const manifest = await restoreBackup(config, from);
    const advice =
      manifest.database === 'postgres'
        ? [
            'The database is not in this backup: restore its pg_dump with pg_restore into the empty database DATABASE_URL names, then start the service.',
          ]
        : [];
    const result = {
      restored: config.dataDir,
      files: manifest.files.length,
      bytes: manifest.files.reduce((sum, file) => sum + file.size, 0),
      backup_created_at: manifest.created_at,
    };
    printResult(args, args.json ? { ...result, advice } : result, advice.length ? advice.join('\n') : undefined);
    return 0;
  },
};
