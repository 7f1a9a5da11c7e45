import type { ApiBody, ApiData } from '../shared/api-types.js';
import { requestData } from '../shared/http-client.js';

export type LinkDescription = ApiData<'describePublicLink'>;

/** `/p/{slug}` → the slug. */
export const slugFromPath = (path: string): string => decodeURIComponent(path.split('/')[2] ?? '');

const base = (slug: string) => `/api/v2.0/public/${encodeURIComponent(slug)}`;

export const describeLink = (slug: string): Promise<LinkDescription> => requestData<LinkDescription>(base(slug));

export const askForCode = (slug: string, body: ApiBody<'startPublicLink'>): Promise<ApiData<'startPublicLink'>> =>
  requestData(`${base(slug)}/start`, { method: 'POST', body: JSON.stringify(body) });

export const proveAddress = (slug: string, body: ApiBody<'verifyPublicLink'>): Promise<ApiData<'verifyPublicLink'>> =>
  requestData(`${base(slug)}/verify`, { method: 'POST', body: JSON.stringify(body) });
