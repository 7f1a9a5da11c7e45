export type EmbedEventType = 'countersign.loaded' | 'countersign.signed' | 'countersign.declined' | 'countersign.error';

/**
 * Tells the sender's page what happened. The target origin is '*' because the frame does not know
 * its parent's origin; the message carries no secret, only the event and the envelope id.
 */
export const notifyParent = (type: EmbedEventType, envelopeId: string | null): void => {
  if (window.parent === window) return;
  window.parent.postMessage({ type, envelope_id: envelopeId }, '*');
};
