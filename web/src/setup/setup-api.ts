import type { ApiBody, ApiData } from '../shared/api-types.js';
import { requestData } from '../shared/http-client.js';

export type SetupBody = ApiBody<'completeSetup'>;

/** Creates the account and its owner; the answer's cookie signs the owner in to the console. */
export const completeSetup = (body: SetupBody): Promise<ApiData<'completeSetup'>> =>
  requestData<ApiData<'completeSetup'>>('/api/v2.0/setup', { method: 'POST', body: JSON.stringify(body) });
