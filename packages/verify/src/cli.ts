#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { runVerify } from './run-verify.js';
import { VerifyUsageError } from './usage-error.js';

const USAGE = `usage: countersign-verify <sealed.pdf> [--trust <root.pem>] [--online <base_url>] [--json]

Checks a PDF sealed by a Countersign service, offline, and writes nothing. Trust comes from:
  --trust <root.pem>    the root certificate the service publishes at GET /api/v2.0/ledger/trust (PEM; a
                        PUBLIC KEY block in the same file is taken as the ledger's Ed25519 key)
  --online <base_url>   the service itself: its published root and ledger key; then the envelope's sealed
                        ledger entry is also proven in the service's current tree head, and that head
                        proven to extend the head sealed in the file
One of them is required.

Exit code 0: the seal covers the whole file (or, for a PAdES B-LTA seal, only validation data and document
time-stamps that cover the rest follow it), its digest and signature hold, its certificate chains to the
trusted root and the ledger proof in the file holds (and, with --online, the service's). 1: any check fails.
2: usage error (no file, no trust anchor, --online unreachable).`;

const isParseError = (error: unknown): boolean => (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true;

const main = async (argv: string[]): Promise<number> => {
  const json = argv.includes('--json');
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { trust: { type: 'string' }, online: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    return await runVerify({ files: positionals, trust: values.trust || undefined, online: values.online || undefined, json });
  } catch (error) {
    const usage = error instanceof VerifyUsageError || isParseError(error);
    const message = error instanceof Error ? error.message : String(error);
    // One line, never a stack: the file being checked may be anyone's.
    if (json) console.log(JSON.stringify({ error: { code: usage ? 'USAGE_ERROR' : 'ERROR', message } }));
    else console.error(usage ? `${message} (countersign-verify --help tells how to call it)` : `countersign-verify: ${message}`);
    return usage ? 2 : 1;
  }
};

process.exitCode = await main(process.argv.slice(2));
