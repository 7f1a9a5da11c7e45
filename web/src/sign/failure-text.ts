import type { ApiFailure } from '../shared/api-failure.js';

const GUIDANCE: Record<string, string> = {
  CONSENT_REQUIRED: 'Please read the electronic records disclosure and tick the box to agree before signing.',
  REQUIRED_FIELD_MISSING: 'Some required fields are still empty.',
  FIELD_NOT_EDITABLE: 'A field that is locked by the sender was changed. Reload the page and try again.',
  LOCATION_REQUIRED: 'The sender requires your location. Share it in the location box, then finish again.',
  NETWORK_ERROR: 'The service could not be reached. Check your connection and try again.',
  RATE_LIMITED: 'Too many attempts in a short time. Wait a minute, then try again.',
};

/** What the signer reads when an action fails: guidance for known codes, plus the service's own words. */
export const failureLines = (failure: ApiFailure): string[] => {
  const lines = failure.errors.map((error) => {
    const guidance = GUIDANCE[error.error_code];
    return guidance && guidance !== error.developer_message ? `${guidance} (${error.developer_message})` : error.developer_message;
  });
  return lines.length > 0 ? lines : [failure.message];
};
