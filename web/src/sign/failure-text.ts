import type { TFunction } from 'i18next';
import type { ApiFailure } from '../shared/api-failure.js';

/** The codes the page explains in the signer's words (catalog `sign.problems.<code>`). */
const GUIDED = new Set([
  'CONSENT_REQUIRED',
  'REQUIRED_FIELD_MISSING',
  'FIELD_NOT_EDITABLE',
  'LOCATION_REQUIRED',
  'NETWORK_ERROR',
  'RATE_LIMITED',
]);

/** What the signer reads when an action fails: guidance for known codes, plus the service's own words. */
export const failureLines = (failure: ApiFailure, t: TFunction): string[] => {
  const lines = failure.errors.map((error) =>
    GUIDED.has(error.error_code)
      ? t('sign.problems.withDetail', { guidance: t(`sign.problems.${error.error_code}`), detail: error.developer_message })
      : error.developer_message,
  );
  return lines.length > 0 ? lines : [failure.message];
};
