import { useEffect, useRef } from 'react';
import type { EndState } from './end-state.js';
import { useTranslation } from './i18n.js';

/** The catalog entry (`sign.end.<key>`) of the screen: its title and body. */
const copyKey = (state: EndState): string => {
  if (state.name === 'declined' && state.byYou) return 'declinedByYou';
  if (state.name === 'signed' && state.last) return 'signedLast';
  return state.name;
};

/** The screen shown once there is nothing (more) to sign; its heading takes focus so it is announced. */
export function EndStateView({ state }: { state: EndState }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { t } = useTranslation();
  const key = copyKey(state);

  return (
    <section
      className={`end-state end-state-${state.name}`}
      data-testid={`state-${state.name}`}
      data-last-signer={state.name === 'signed' ? Boolean(state.last) : undefined}
    >
      <h1 ref={headingRef} tabIndex={-1} className="end-state-title">
        {t(`sign.end.${key}.title`)}
      </h1>
      <p>{t(`sign.end.${key}.body`)}</p>
      {state.name === 'error' && state.detail ? <p className="end-state-detail">{state.detail}</p> : null}
    </section>
  );
}
