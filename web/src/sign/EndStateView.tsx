import { useEffect, useRef } from 'react';
import type { EndState, EndStateName } from './end-state.js';

interface Copy {
  title: string;
  body: string;
}

const COPY: Record<EndStateName, Copy> = {
  signed: {
    title: 'Thank you, you have signed',
    body: 'Your signature has been recorded. Others still have to sign; when they have, you will receive the completed, sealed documents by e-mail.',
  },
  'already-signed': {
    title: 'You have already signed',
    body: 'Your signature was recorded earlier. When everyone has signed, you will receive the completed documents by e-mail.',
  },
  declined: {
    title: 'This envelope was declined',
    body: 'Someone declined to sign these documents, so they can no longer be signed. The sender has been told.',
  },
  cancelled: {
    title: 'This envelope was cancelled',
    body: 'The sender cancelled this envelope; there is nothing left to sign. Contact the sender if you think this is a mistake.',
  },
  expired: {
    title: 'This envelope has expired',
    body: 'The signing deadline has passed. The sender can extend it; the same link will work again if they do.',
  },
  completed: {
    title: 'This envelope is complete',
    body: 'Everyone has signed. The completed, sealed documents are sent to all parties by e-mail.',
  },
  'not-your-turn': {
    title: 'It is not your turn to sign yet',
    body: 'The sender chose a signing order and others sign before you. You will receive an e-mail when it is your turn.',
  },
  'invalid-link': {
    title: 'This link is not valid',
    body: 'The signing link is wrong, was replaced by a newer one, or the documents were removed. Ask the sender for a new link.',
  },
  error: {
    title: 'Something went wrong',
    body: 'The documents could not be loaded. Reload the page to try again; if it keeps failing, contact the sender.',
  },
};

const DECLINED_BY_YOU: Copy = {
  title: 'You declined to sign',
  body: 'Your decision and your reason have been sent to the sender. You do not need to do anything else.',
};

const SIGNED_LAST: Copy = {
  title: 'Thank you, everyone has signed',
  body: 'Yours was the last signature: the envelope is complete and is being sealed. You will receive the sealed documents by e-mail shortly.',
};

const copyOf = (state: EndState): Copy => {
  if (state.name === 'declined' && state.byYou) return DECLINED_BY_YOU;
  if (state.name === 'signed' && state.last) return SIGNED_LAST;
  return COPY[state.name];
};

/** The screen shown once there is nothing (more) to sign; its heading takes focus so it is announced. */
export function EndStateView({ state }: { state: EndState }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const copy = copyOf(state);

  return (
    <section
      className={`end-state end-state-${state.name}`}
      data-testid={`state-${state.name}`}
      data-last-signer={state.name === 'signed' ? Boolean(state.last) : undefined}
    >
      <h1 ref={headingRef} tabIndex={-1} className="end-state-title">
        {copy.title}
      </h1>
      <p>{copy.body}</p>
      {state.name === 'error' && state.detail ? <p className="end-state-detail">{state.detail}</p> : null}
    </section>
  );
}
