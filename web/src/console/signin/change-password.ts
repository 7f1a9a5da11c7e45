import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { consoleApi } from '../console-api.js';

/** `POST /console/password` with the console's token: a first password (no current one) or a change. */
export const changeOwnPassword = (body: ApiBody<'changePassword'>) =>
  consoleApi.request<ApiData<'changePassword'>>('POST', '/console/password', body);
