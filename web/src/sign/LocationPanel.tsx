import type { GeoLocation } from './signing-types.js';
import { useTranslation } from './i18n.js';

export type LocationState =
  { status: 'idle' } | { status: 'asking' } | { status: 'captured'; location: GeoLocation } | { status: 'refused'; reason: string };

interface LocationPanelProps {
  state: LocationState;
  onRequest: () => void;
}

const formatCoordinate = (value: number): string => value.toFixed(5);

/** Explains why the sender wants the signer's location and captures it on request. */
export function LocationPanel({ state, onRequest }: LocationPanelProps) {
  const { t } = useTranslation();
  return (
    <section className="panel location" aria-labelledby="location-title" data-testid="location-panel">
      <h2 id="location-title" className="panel-title">
        {t('sign.location.title')}
      </h2>
      <p>{t('sign.location.explain')}</p>
      <div aria-live="polite">
        {state.status === 'captured' ? (
          <p className="location-ok" data-testid="location-captured">
            {t('sign.location.recorded', {
              latitude: formatCoordinate(state.location.latitude),
              longitude: formatCoordinate(state.location.longitude),
            })}
          </p>
        ) : null}
        {state.status === 'refused' ? (
          <p className="form-error" data-testid="location-refused">
            {t('sign.location.refused', { reason: state.reason })}
          </p>
        ) : null}
      </div>
      {state.status !== 'captured' ? (
        <button
          type="button"
          className="button button-secondary"
          data-testid="location-share"
          disabled={state.status === 'asking'}
          onClick={onRequest}
        >
          {state.status === 'asking' ? t('sign.location.waiting') : t('sign.location.share')}
        </button>
      ) : null}
    </section>
  );
}
