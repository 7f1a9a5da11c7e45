import type { ApiBody, ApiData } from '../shared/api-types.js';
import { requestBytes, requestData } from '../shared/http-client.js';
import { readSigningSession, storeSigningSession } from './signing-session-store.js';
import type { SentCode } from './authentication-types.js';
import type { ReassignRequest, SignRequest, SignResult, SigningSession, UploadedAttachment } from './signing-types.js';

const SESSION_HEADER = 'Countersign-Signing-Session';

/**
 * The signing API of one recipient; the token in the path is the credential, and for a signer
 * with authentication the signing session (header) too.
 */
export class SigningApi {
  private session: string | null;

  constructor(
    private token: string,
    private readonly linkToken = token,
  ) {
    this.session = readSigningSession(linkToken)?.session ?? null;
  }

  private url(suffix = ''): string {
    return `/api/v2.0/signing/${encodeURIComponent(this.token)}${suffix}`;
  }

  private headers(): Record<string, string> {
    return this.session ? { [SESSION_HEADER]: this.session } : {};
  }

  /** Opens the session; a one-time embedded token is swapped for the session token it returns. */
  async open(): Promise<SigningSession> {
    const session = await requestData<SigningSession>(this.url(), { headers: this.headers() });
    if (session.session_token) this.token = session.session_token;
    return session;
  }

  document(documentId: string): Promise<ArrayBuffer> {
    return requestBytes(this.url(`/documents/${encodeURIComponent(documentId)}`), this.headers());
  }

  /**
   * Where a document (the sealed one once the envelope is Completed) or, with 'certificate', the
   * certificate of completion opens in the browser: the signer's copy is plain links.
   */
  documentHref(documentId: string): string {
    return this.url(`/documents/${encodeURIComponent(documentId)}`);
  }

  sign(request: SignRequest): Promise<SignResult> {
    return requestData<SignResult>(this.url('/sign'), { method: 'POST', body: JSON.stringify(request), headers: this.headers() });
  }

  /** Uploads a file for an attachment field; its attachment_id is the field's value. */
  uploadAttachment(file: File): Promise<UploadedAttachment> {
    const form = new FormData();
    form.append('file', file, file.name);
    return requestData(this.url('/attachments'), { method: 'POST', body: form, headers: this.headers() });
  }

  decline(reason: string): Promise<ApiData<'declineAsSigner'>> {
    const body: ApiBody<'declineAsSigner'> = { reason };
    return requestData(this.url('/decline'), { method: 'POST', body: JSON.stringify(body), headers: this.headers() });
  }

  approve(): Promise<{ envelope_id: string; status: string; approved_at: string }> {
    return requestData(this.url('/approve'), { method: 'POST', body: JSON.stringify({ consent: true }), headers: this.headers() });
  }

  reassign(request: ReassignRequest): Promise<{ envelope_id: string; recipient_id: string; name: string; email: string }> {
    return requestData(this.url('/reassign'), { method: 'POST', body: JSON.stringify(request), headers: this.headers() });
  }

  /** Sends the envelope back to its sender for correction (`…/return`). */
  sendBack(comment: string): Promise<{ envelope_id: string; status: string; returned_at: string }> {
    return requestData(this.url('/return'), { method: 'POST', body: JSON.stringify({ comment }), headers: this.headers() });
  }

  sendCode(): Promise<SentCode> {
    return requestData<SentCode>(this.url('/send_code'), { method: 'POST' });
  }

  /** Checks the code and keeps the signing session it opens for every later call. */
  async authenticate(code: string): Promise<void> {
    const body: ApiBody<'authenticateRecipient'> = { code };
    const opened = await requestData<ApiData<'authenticateRecipient'>>(this.url('/authenticate'), {
      method: 'POST',
      body: JSON.stringify(body),
    });
    this.session = opened.signing_session;
    storeSigningSession(this.linkToken, { session: opened.signing_session, expiresAt: opened.expires_at });
  }
}
