import type { GeoLocation } from './signing-types.js';

/** Why the position could not be had; the page words each (catalog `sign.location.<reason>`). */
export type LocationRefusal = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

const REFUSALS: Record<number, LocationRefusal> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/** Asks the browser for the device's position; rejects with an Error whose message is the LocationRefusal. */
export const requestLocation = (): Promise<GeoLocation> =>
  new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('unsupported' satisfies LocationRefusal));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new Error(REFUSALS[error.code] ?? ('unavailable' satisfies LocationRefusal))),
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 60_000 },
    );
  });
