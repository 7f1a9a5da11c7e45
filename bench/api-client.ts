export interface ApiAnswer {
  status: number;
  body: { data?: Record<string, unknown>; errors?: unknown[] } & Record<string, unknown>;
}

/** The HTTP calls the scenarios make, as an API client and as a signer would make them. */
export class ApiClient {
  constructor(
    readonly url: string,
    readonly accessToken: string,
  ) {}

  /** Logs in with the `credentials` printed by `countersign account create`. */
  static async login(url: string, credentials: string): Promise<ApiClient> {
    const answer = await call(url, 'POST', '/api/v2.0/authorization/token', { body: { credentials } });
    const token = answer.body.data?.access_token;
    if (answer.status !== 200 || typeof token !== 'string')
      throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return new ApiClient(url, token);
  }

  /** The headers every API client request carries. */
  get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.accessToken}`, app_auth_type: 'esign-oauth2', 'content-type': 'application/json' };
  }

  async expect(status: number, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
    const answer = await call(this.url, method, path, { body, headers: this.headers });
    if (answer.status !== status) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
    return answer.body.data ?? {};
  }

  async createEnvelope(body: unknown): Promise<{ envelopeId: string }> {
    const data = await this.expect(201, 'POST', '/api/v2.0/envelopes/create', body);
    return { envelopeId: String(data.envelope_id) };
  }

  /** A single-use signing token for `email` (docs/concepts/envelopes.md generate_embedded_url): the link the signer's page would use. */
  async signingToken(envelopeId: string, email: string): Promise<string> {
    const data = await this.expect(200, 'GET', `/api/v2.0/envelopes/${envelopeId}/generate_embedded_url/${encodeURIComponent(email)}`);
    return new URL(String(data.url)).pathname.slice('/sign/'.length);
  }

  /** Signs with a drawn signature, as the signing page does; resolves when the answer has arrived. */
  async sign(signingToken: string, signaturePngBase64: string): Promise<void> {
    const answer = await call(this.url, 'POST', `/api/v2.0/signing/${signingToken}/sign`, {
      body: { consent: true, signature: { type: 'drawn', image_png_base64: signaturePngBase64 } },
    });
    if (answer.status !== 200) throw new Error(`sign: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
  }

  /** The ids among the account's newest 100 envelopes that read Completed (their sealed PDFs stored, docs/concepts/envelopes.md). */
  async completedEnvelopeIds(): Promise<Set<string>> {
    const data = await this.expect(200, 'POST', '/api/v2.0/envelopes/list', { filters: { status: ['Completed'] }, page_size: 100 });
    return new Set((data.envelopes as { envelope_id: string }[]).map((envelope) => envelope.envelope_id));
  }
}

const call = async (
  url: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { app_auth_type: 'esign-oauth2', 'content-type': 'application/json', ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as ApiAnswer['body']) : {} };
};
