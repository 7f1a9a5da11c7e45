import type { BenchRun } from '../bench-run.js';
import type { LoadJob } from '../load.js';
import { envelopeBody, fromTemplateBody } from '../request-bodies.js';

export interface Route {
  name: string;
  job: Omit<LoadJob, 'seconds' | 'amount'>;
}

// Reads at 100 connections, as the earlier tables; the creations at the 32 issue 9 names.
const READ_CONNECTIONS = 100;
const CREATE_CONNECTIONS = 32;

/** The Countersign routes the throughput table measures, in its order. */
export const routesOf = async (run: Pick<BenchRun, 'client' | 'envelopeId' | 'templateId'>): Promise<Route[]> => {
  const { url, headers } = run.client;
  return [
    { name: 'GET /api/v2.0/account', job: { url: `${url}/api/v2.0/account`, headers, connections: READ_CONNECTIONS } },
    {
      name: 'GET …/envelopes/{id}/details',
      job: { url: `${url}/api/v2.0/envelopes/${run.envelopeId}/details`, headers, connections: READ_CONNECTIONS },
    },
    {
      name: 'POST …/envelopes/create (base64, 1 document, 2 signers)',
      job: {
        url: `${url}/api/v2.0/envelopes/create`,
        method: 'POST',
        headers,
        body: JSON.stringify(await envelopeBody(2)),
        connections: CREATE_CONNECTIONS,
      },
    },
    {
      name: 'POST …/envelopes/create_with_template (1 document, 2 signers)',
      job: {
        url: `${url}/api/v2.0/envelopes/create_with_template`,
        method: 'POST',
        headers,
        body: JSON.stringify(fromTemplateBody(run.templateId)),
        connections: CREATE_CONNECTIONS,
      },
    },
  ];
};
