import type { GeoLocation } from './signing-types.js';

const REFUSAL_TEXT: Record<number, string> = {
  1: 'Location access was refused. Allow this site to use your location in the browser (usually the icon at the left of the address bar), then try again.',
  2: 'Your device could not determine its location. Check that location services are on, then try again.',
  3: 'Finding your location took too long. Try again.',
};

/** Asks the browser for the device's position; rejects with a sentence the signer can act on. */
export const requestLocation = (): Promise<GeoLocation> =>
  new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('This browser cannot share a location. Open the link in another browser to sign.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new Error(REFUSAL_TEXT[error.code] ?? error.message)),
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 60_000 },
    );
  });
