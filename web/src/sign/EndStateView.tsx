import { useEffect, useRef } from 'react';
import { endStateCopyKey, type EndState } from './end-state.js';
import { useTranslation } from './i18n.js';

/** The screen shown once there is nothing (more) to do; its heading takes focus so it is announced. */
export function EndStateView({ state }: { state: EndState }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { t } = useTranslation();
  const key = endStateCopyKey(state);
  const words = { name: state.to?.name, email: state.to?.email, host: state.host };

  return (
    <section
      className={`end-state end-state-${state.name}`}
      data-testid={`state-${state.name}`}
      data-last-signer={state.name === 'signed' ? Boolean(state.last) : undefined}
    >
      <h1 ref={headingRef} tabIndex={-1} className="end-state-title">
        {t(`${key}.title`, words)}
      </h1>
      <p>{t(`${key}.body`, words)}</p>
      {state.name === 'error' && state.detail ? <p className="end-state-detail">{state.detail}</p> : null}
    </section>
  );
}
