import { requestBytes, requestData } from '../shared/http-client.js';
import type { SignRequest, SignResult, SigningSession, UploadedAttachment } from './signing-types.js';

/** The signing API of one recipient; the token in the path is the only credential. */
export class SigningApi {
  constructor(private token: string) {}

  private url(suffix = ''): string {
    return `/api/v2.0/signing/${encodeURIComponent(this.token)}${suffix}`;
  }

  /** Opens the session; a one-time embedded token is swapped for the session token it returns. */
  async open(): Promise<SigningSession> {
    const session = await requestData<SigningSession>(this.url());
    if (session.session_token) this.token = session.session_token;
    return session;
  }

  document(documentId: string): Promise<ArrayBuffer> {
    return requestBytes(this.url(`/documents/${encodeURIComponent(documentId)}`));
  }

  sign(request: SignRequest): Promise<SignResult> {
    return requestData<SignResult>(this.url('/sign'), { method: 'POST', body: JSON.stringify(request) });
  }

  /** Uploads a file for an attachment field; its attachment_id is the field's value. */
  uploadAttachment(file: File): Promise<UploadedAttachment> {
    const form = new FormData();
    form.append('file', file, file.name);
    return requestData(this.url('/attachments'), { method: 'POST', body: form });
  }

  decline(reason: string): Promise<unknown> {
    return requestData(this.url('/decline'), { method: 'POST', body: JSON.stringify({ reason }) });
  }
}
