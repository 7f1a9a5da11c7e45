import type { Static } from 'typebox';
import { envelopeRequestProblems } from '../../../app/envelopes/envelope-creation.js';
import { AppError, type Problem } from '../../../domain/app-error.js';
import { toEnvelopeInput, toObserverInput, toSignerInput, type EnvelopeObject, type RecipientsObject } from './envelope.schema.js';

/**
 * A create request whose body failed its schema: the schema's problems together with those of its
 * settings and recipients, where those parts passed, in one answer (docs/api/conventions.md). Problems that need
 * the documents (field placement) follow once the body is valid.
 */
export const invalidEnvelopeRequest = (
  schemaProblems: Problem[],
  usable: { envelope?: Static<typeof EnvelopeObject>; recipients?: Static<typeof RecipientsObject> },
): AppError =>
  AppError.of([
    ...schemaProblems,
    ...envelopeRequestProblems({
      settings: usable.envelope && toEnvelopeInput(usable.envelope).settings,
      signers: usable.recipients?.signers.map(toSignerInput),
      observers: usable.recipients?.observers?.map(toObserverInput),
    }),
  ]);
