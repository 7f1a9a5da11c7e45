import type { ApiFailure } from '../shared/api-failure.js';
import type { SigningSession } from './signing-types.js';

/** The screens that replace the document once signing is over or impossible. */
export type EndStateName =
  | 'signed'
  | 'already-signed'
  | 'approved'
  | 'declined'
  | 'cancelled'
  | 'expired'
  | 'completed'
  | 'not-your-turn'
  | 'group-complete'
  | 'reassigned'
  | 'returned'
  | 'correcting'
  | 'copy-expired'
  | 'invalid-link'
  | 'error';

export interface EndState {
  name: EndStateName;
  /** Set when the signer's own action led here, so the page can thank rather than explain. */
  byYou?: boolean;
  /** The signer's signature was the last one: the envelope is complete and being sealed. */
  last?: boolean;
  /** Whom the signer handed their step to. */
  to?: { name: string; email: string };
  /** An in-person signing: the host the device goes back to. */
  host?: string;
  detail?: string;
}

const ENVELOPE_STATES: Record<string, EndStateName> = {
  completed: 'completed',
  declined: 'declined',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  expired: 'expired',
  correcting: 'correcting',
};

/** The ENVELOPE_NOT_ACTIVE message names the envelope's status; that word picks the screen. */
const stateNamedIn = (text: string): EndStateName | undefined => {
  const word = text.toLowerCase().match(/\b(completed|declined|cancell?ed|expired|correcting)\b/)?.[1];
  return word ? ENVELOPE_STATES[word] : undefined;
};

/**
 * A Completed envelope's link stays readable for a while (the signer's copy): every recipient
 * sees the sealed documents and the certificate, whatever their own part was.
 */
export const isCompletedCopy = (session: SigningSession): boolean => session.envelope.status === 'Completed';

const SIGNER_STATES: Record<string, EndState> = {
  Signed: { name: 'already-signed' },
  Approved: { name: 'approved' },
  NotNeeded: { name: 'group-complete' },
  Declined: { name: 'declined', byYou: true },
};

/** A session that loads fine may still be one the signer cannot act on. */
export const endStateOfSession = (session: SigningSession): EndState | null => {
  const envelopeState = ENVELOPE_STATES[session.envelope.status.toLowerCase()];
  const signerState = SIGNER_STATES[session.signer.status];
  if (signerState) return signerState;
  if (envelopeState) return { name: envelopeState };
  if (session.signer.status === 'Waiting') return { name: 'not-your-turn' };
  return null;
};

/** Failures that end the session; null for the ones the signer can fix on the page (400s). */
export const endStateOfFailure = (failure: ApiFailure): EndState | null => {
  if (failure.hasCode('SIGNER_COPY_EXPIRED')) return { name: 'copy-expired' };
  if (failure.hasCode('RECIPIENT_REASSIGNED')) return { name: 'reassigned' };
  if (failure.status === 404 || failure.status === 410) return { name: 'invalid-link' };
  if (failure.hasCode('NOT_YOUR_TURN')) return { name: 'not-your-turn' };
  if (failure.hasCode('ALREADY_SIGNED')) return { name: 'already-signed' };
  if (failure.hasCode('GROUP_COMPLETE')) return { name: 'group-complete' };
  if (failure.hasCode('ENVELOPE_NOT_ACTIVE')) {
    const text = [failure.message, ...failure.errors.map((error) => error.developer_message)].join(' ');
    return { name: stateNamedIn(text) ?? 'error', detail: failure.message };
  }
  return null;
};

/** The screens of the workflow steps are worded under `workflow_page.end`, the others under `sign.end`. */
const WORKFLOW_SCREENS = new Set(['approved', 'group-complete', 'reassigned', 'returned', 'correcting', 'copy-expired']);

/** The catalog entry of the screen: its title and body. */
export const endStateCopyKey = (state: EndState): string => {
  if (state.name === 'signed' && state.host) return 'workflow_page.end.inPersonSigned';
  if (state.name === 'declined' && state.byYou) return 'sign.end.declinedByYou';
  if (state.name === 'signed' && state.last) return 'sign.end.signedLast';
  if (state.byYou && (state.name === 'approved' || state.name === 'reassigned' || state.name === 'returned'))
    return `workflow_page.end.${state.name}ByYou`;
  return WORKFLOW_SCREENS.has(state.name) ? `workflow_page.end.${state.name}` : `sign.end.${state.name}`;
};
