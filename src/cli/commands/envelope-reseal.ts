import { resealAndRun } from '../../app/completion/reseal-and-run.js';
import { printResult, UsageError, type Command } from '../command.js';
import { presentReseal } from '../presenters.js';
import { withApp } from '../with-app.js';

export const envelopeReseal: Command = {
  usage: `countersign envelope reseal <envelope_id> [--json]

Retries the sealing of an envelope whose seal failed or is waiting to retry (any account's): a new
round of attempts starts, and its first attempt runs in this command, with this environment's
DATABASE_URL, DATA_DIR, signing certificate and TSA_URL (those of the service). Exit 0 when the
envelope is sealed (or a running service's worker took the attempt: follow it in the envelope's
details), 1 when the attempt failed (the next one is scheduled, as after any failed attempt) or the
envelope cannot be resealed (ENVELOPE_NOT_RESEALABLE, ENVELOPE_NOT_FOUND).`,
  options: {},
  run: async (args) => {
    const [envelopeId, ...extra] = args.positionals;
    if (!envelopeId) throw new UsageError('give the envelope_id');
    if (extra.length) throw new UsageError(`unexpected argument ${extra[0]}`);
    const run = await withApp((ctx) => resealAndRun(ctx, envelopeId));
    const sealed = run.completion.state === 'completed';
    const elsewhere = !run.ranHere && (run.completion.state === 'pending' || run.completion.state === 'sealing');
    printResult(
      args,
      presentReseal(run),
      sealed ? 'Sealed: the envelope is Completed.' : elsewhere ? 'The running service is sealing it.' : 'The attempt failed.',
    );
    return sealed || elsewhere ? 0 : 1;
  },
};
