import type { ApiBody, ApiData } from '../shared/api-types.js';
import { requestBytes, requestData } from '../shared/http-client.js';

/** A template builder's session carries the `template`, a composer's the `draft`. */
export type BuilderSession = ApiData<'openBuilder'>;
export type ComposeDraft = NonNullable<BuilderSession['draft']>;

/** Where a reload finds the session: the URL's token is spent by its first use. */
const storageKey = (urlToken: string) => `countersign.builder.${urlToken}`;

const stored = (urlToken: string): string | null => {
  try {
    return sessionStorage.getItem(storageKey(urlToken));
  } catch {
    return null;
  }
};

/**
 * The public builder API (docs/api/people.md): the URL's single-use token is exchanged for a session token
 * on first load; the session token, kept in sessionStorage, is the only credential from then on.
 */
export class BuilderApi {
  private code: string;

  constructor(private readonly urlToken: string) {
    this.code = stored(urlToken) ?? urlToken;
  }

  private url(suffix = ''): string {
    return `/api/v2.0/builder/${encodeURIComponent(this.code)}${suffix}`;
  }

  async open(): Promise<BuilderSession> {
    const session = await requestData<BuilderSession>(this.url());
    this.code = session.session_token;
    try {
      sessionStorage.setItem(storageKey(this.urlToken), session.session_token);
    } catch {
      // Storage refused (a sandboxed frame): the page still works until it is reloaded.
    }
    return session;
  }

  document(documentId: string): Promise<ArrayBuffer> {
    return requestBytes(this.url(`/documents/${encodeURIComponent(documentId)}`));
  }

  saveTemplate(roles: ApiBody<'saveBuilderTemplate'>['roles']): Promise<ApiData<'saveBuilderTemplate'>> {
    const body: ApiBody<'saveBuilderTemplate'> = { roles };
    return requestData(this.url('/template'), { method: 'PUT', body: JSON.stringify(body) });
  }

  send(signers: ApiBody<'sendBuilderDraft'>['signers']): Promise<ApiData<'sendBuilderDraft'>> {
    const body: ApiBody<'sendBuilderDraft'> = { signers };
    return requestData(this.url('/send'), { method: 'POST', body: JSON.stringify(body) });
  }
}

export type BuilderEvent =
  | { type: 'countersign.loaded'; kind: 'template' | 'compose' }
  | { type: 'countersign.template.saved'; template_id: string }
  | { type: 'countersign.envelope.sent'; envelope_id: string }
  | { type: 'countersign.error'; error_code: string };

/**
 * Tells the integrator's page what happened. The target origin is '*' because the frame does not
 * know its parent's origin (frame-ancestors limits who can frame it); the events carry no secret.
 */
export const notifyParent = (event: BuilderEvent): void => {
  if (window.parent === window) return;
  window.parent.postMessage(event, '*');
};
