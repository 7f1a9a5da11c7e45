import { requestData } from '../shared/http-client.js';
import type { FileVerdict, VerificationRecord } from './verify-types.js';

const base = (envelopeId: string): string => `/verify/${encodeURIComponent(envelopeId)}`;

/** The same URL as the page: the server answers JSON when asked for it. */
export const fetchRecord = (envelopeId: string): Promise<VerificationRecord> => requestData(base(envelopeId));

export const checkFile = (envelopeId: string, file: Blob): Promise<FileVerdict> =>
  requestData(`${base(envelopeId)}/check`, { method: 'POST', body: file, headers: { 'Content-Type': 'application/pdf' } });

export const envelopeIdFromPath = (pathname: string): string | null => {
  const segments = pathname.split('/').filter(Boolean);
  const index = segments.lastIndexOf('verify');
  const raw = index >= 0 ? segments[index + 1] : undefined;
  return raw ? decodeURIComponent(raw) : null;
};
