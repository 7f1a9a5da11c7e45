import { Strict, Text } from '../../schema-kit.js';

/**
 * The `{envelopeId}` path parameter. Any well-formed id is accepted here, so that an unknown or
 * foreign id answers 404 ENVELOPE_NOT_FOUND rather than a validation error.
 */
export const EnvelopeIdParams = Strict({
  envelopeId: Text(64, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: 'The envelope_id' }),
});
