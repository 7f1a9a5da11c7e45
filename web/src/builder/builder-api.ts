import { requestBytes, requestData } from '../shared/http-client.js';
import type { ApiField } from '../editor/field-model.js';
import type { StoredField, TemplateDetail, TemplateDocument, TemplateRoles } from '../editor/template-roles.js';

export interface DraftSigner {
  index: number;
  name: string;
  email: string;
  signing_order: number | null;
  fields: StoredField[];
}

export interface ComposeDraft {
  envelope: { name: string; message: string | null };
  documents: TemplateDocument[];
  signers: DraftSigner[];
  observers: { name: string; email: string }[];
  envelope_id: string | null;
}

export type BuilderSession = { session_token: string; expires_at: string } & (
  { kind: 'template'; template: TemplateDetail } | { kind: 'compose'; draft: ComposeDraft }
);

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

  saveTemplate(roles: TemplateRoles | { signers: unknown[]; observers: unknown[] }): Promise<TemplateDetail> {
    return requestData<TemplateDetail>(this.url('/template'), { method: 'PUT', body: JSON.stringify({ roles }) });
  }

  send(signers: { index: number; fields: (ApiField | StoredField)[] }[]): Promise<{ envelope_id: string }> {
    return requestData<{ envelope_id: string }>(this.url('/send'), { method: 'POST', body: JSON.stringify({ signers }) });
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
