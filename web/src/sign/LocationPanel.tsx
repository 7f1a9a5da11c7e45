import type { GeoLocation } from './signing-types.js';

export type LocationState =
  { status: 'idle' } | { status: 'asking' } | { status: 'captured'; location: GeoLocation } | { status: 'refused'; reason: string };

interface LocationPanelProps {
  state: LocationState;
  onRequest: () => void;
}

const formatCoordinate = (value: number): string => value.toFixed(5);

/** Explains why the sender wants the signer's location and captures it on request. */
export function LocationPanel({ state, onRequest }: LocationPanelProps) {
  return (
    <section className="panel location" aria-labelledby="location-title" data-testid="location-panel">
      <h2 id="location-title" className="panel-title">
        Your location
      </h2>
      <p>
        The sender requires the place of signing to be recorded with your signature, as evidence of where it was made. Your browser will ask
        for permission; the position is stored only with this envelope&apos;s signing record.
      </p>
      <div aria-live="polite">
        {state.status === 'captured' ? (
          <p className="location-ok" data-testid="location-captured">
            Location recorded: {formatCoordinate(state.location.latitude)}, {formatCoordinate(state.location.longitude)}
          </p>
        ) : null}
        {state.status === 'refused' ? (
          <p className="form-error" data-testid="location-refused">
            {state.reason} You cannot sign this envelope without sharing your location; you may decline it instead.
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
          {state.status === 'asking' ? 'Waiting for your browser…' : 'Share my location'}
        </button>
      ) : null}
    </section>
  );
}
