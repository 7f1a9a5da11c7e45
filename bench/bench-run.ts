import type { ApiClient } from './api-client.js';
import type { ListeningProcess } from './child-processes.js';
import type { LoadGenerator } from './load.js';
import type { BenchOptions, DatabaseName } from './options.js';

/** What every scenario of one database's run is given: the server under test and its client. */
export interface BenchRun {
  database: DatabaseName;
  options: BenchOptions;
  server: ListeningProcess;
  client: ApiClient;
  load: LoadGenerator;
  /** The template create_with_template uses (request-bodies.ts templateBody). */
  templateId: string;
  /** An envelope that `details` reads. */
  envelopeId: string;
}
