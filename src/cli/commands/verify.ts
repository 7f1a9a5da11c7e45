import { runVerify, VerifyUsageError } from '@countersign/verify';
import { UsageError, type Command } from '../command.js';
import { installationTrust } from '../installation-trust.js';

const optionText = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The verifier of @countersign/verify (one implementation), with this installation's keys as the last source of trust. */
export const verify: Command = {
  usage: `countersign verify <file.pdf> [--trust <root.pem>] [--online <base_url>] [--json]

Checks a sealed PDF and writes nothing (the same checks as npx @countersign/verify). Trust comes from, in order:
  --trust <root.pem>    the root certificate published at GET /api/v2.0/ledger/trust (PEM; a PUBLIC KEY
                        block in the same file is taken as the ledger's Ed25519 key)
  --online <base_url>   the service itself: its published root and ledger key; then the envelope's last
                        sealed ledger entry is also proven in the service's current tree head, and that
                        head proven to extend the head sealed in the file
  neither               this installation's keys when DATA_DIR or SIGNING_CERT_P12 already hold them
With no trust anchor at all it stops with exit code 2.

Exit code 0: the seal covers the whole file (or, for a PAdES B-LTA seal, only validation data and document
time-stamps that cover the rest follow it), its digest and signature hold, its certificate chains to the
trusted root and the ledger proof in the file holds (and, with --online, the service's). 1: any check fails.
2: usage error (no file, no trust anchor, --online unreachable). docs/verification.md explains each check.`,
  options: { trust: { type: 'string' }, online: { type: 'string' } },
  run: async (args) => {
    try {
      return await runVerify({
        files: args.positionals,
        trust: optionText(args.values.trust),
        online: optionText(args.values.online),
        json: args.json,
        fallbackTrust: installationTrust,
      });
    } catch (error) {
      if (error instanceof VerifyUsageError) throw new UsageError(error.message);
      throw error;
    }
  },
};
