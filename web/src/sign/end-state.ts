import type { ApiFailure } from '../shared/api-failure.js';
import type { SigningSession } from './signing-types.js';

/** The screens that replace the document once signing is over or impossible. */
export type EndStateName =
  'signed' | 'already-signed' | 'declined' | 'cancelled' | 'expired' | 'completed' | 'not-your-turn' | 'invalid-link' | 'error';

export interface EndState {
  name: EndStateName;
  /** Set when the signer's own action led here, so the page can thank rather than explain. */
  byYou?: boolean;
  /** The signer's signature was the last one: the envelope is complete and being sealed. */
  last?: boolean;
  detail?: string;
}

const ENVELOPE_STATES: Record<string, EndStateName> = {
  completed: 'completed',
  declined: 'declined',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  expired: 'expired',
};

/** The ENVELOPE_NOT_ACTIVE message names the envelope's status; that word picks the screen. */
const stateNamedIn = (text: string): EndStateName | undefined => {
  const word = text.toLowerCase().match(/\b(completed|declined|cancell?ed|expired)\b/)?.[1];
  return word ? ENVELOPE_STATES[word] : undefined;
};

/** A session that loads fine may still be one the signer cannot act on. */
export const endStateOfSession = (session: SigningSession): EndState | null => {
  const envelopeState = ENVELOPE_STATES[session.envelope.status.toLowerCase()];
  if (session.signer.status === 'Signed') return { name: 'already-signed' };
  if (session.signer.status === 'Declined') return { name: 'declined', byYou: true };
  if (envelopeState) return { name: envelopeState };
  if (session.signer.status === 'Waiting') return { name: 'not-your-turn' };
  return null;
};

/** Failures that end the session; null for the ones the signer can fix on the page (400s). */
export const endStateOfFailure = (failure: ApiFailure): EndState | null => {
  if (failure.status === 404 || failure.status === 410) return { name: 'invalid-link' };
  if (failure.hasCode('NOT_YOUR_TURN')) return { name: 'not-your-turn' };
  if (failure.hasCode('ALREADY_SIGNED')) return { name: 'already-signed' };
  if (failure.hasCode('ENVELOPE_NOT_ACTIVE')) {
    const text = [failure.message, ...failure.errors.map((error) => error.developer_message)].join(' ');
    return { name: stateNamedIn(text) ?? 'error', detail: failure.message };
  }
  return null;
};
