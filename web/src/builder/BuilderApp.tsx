import { useCallback, useEffect, useMemo, useState } from 'react';
import { ErrorNotice } from '../console/ErrorNotice.js';
import { I18nProvider, useT } from '../console/i18n.js';
import { FieldEditor } from '../editor/FieldEditor.js';
import { fromApiField, newKey, toApiField, type EditorField, type StoredField } from '../editor/field-model.js';
import { personPathNamer, withFieldNames } from '../editor/field-problems.js';
import { useFieldTypeNames } from '../editor/field-type-names.js';
import { RolesForm } from '../editor/RolesForm.js';
import { SignerSwatch } from '../editor/SignerSwatch.js';
import {
  roleLabel,
  rolesBody,
  rolesFromTemplate,
  roleTakesFields,
  type ObserverRoleDraft,
  type RoleDraft,
  type TemplateDetail,
} from '../editor/template-roles.js';
import type { ApiFailure } from '../shared/api-failure.js';
import { BuilderApi, notifyParent, type BuilderSession, type ComposeDraft } from './builder-api.js';
import '../editor/forms.css';

type Loaded = { status: 'loading' } | { status: 'failed'; error: ApiFailure } | { status: 'ready'; session: BuilderSession };

const documentsOf = (api: BuilderApi, documents: { document_id: string; name: string }[]) =>
  documents.map((document) => ({ key: document.document_id, name: document.name, load: () => api.document(document.document_id) }));

/**
 * The embedded template editor and composer: /embed/template/{token} and /embed/compose/{token}, in
 * the console's words and in the language the person's browser prefers.
 */
export function BuilderApp({ urlToken }: { urlToken: string }) {
  return (
    <I18nProvider>
      <Builder urlToken={urlToken} />
    </I18nProvider>
  );
}

function Builder({ urlToken }: { urlToken: string }) {
  const t = useT('composer');
  const api = useMemo(() => new BuilderApi(urlToken), [urlToken]);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    api
      .open()
      .then((session) => {
        setLoaded({ status: 'ready', session });
        notifyParent({ type: 'countersign.loaded', kind: session.kind });
      })
      .catch((error: ApiFailure) => {
        setLoaded({ status: 'failed', error });
        notifyParent({ type: 'countersign.error', error_code: error.code });
      });
  }, [api]);

  return (
    <main className="app-main builder-main">
      {loaded.status === 'loading' && <p className="loading">{t('builder.loading')}</p>}
      {loaded.status === 'failed' && (
        <>
          <h1>{t('builder.cannotOpen')}</h1>
          <ErrorNotice error={loaded.error} />
          <p className="hint">{t('builder.linkHint')}</p>
        </>
      )}
      {loaded.status === 'ready' && loaded.session.template && <TemplateBuilder api={api} template={loaded.session.template} />}
      {loaded.status === 'ready' && loaded.session.draft && <ComposeBuilder api={api} draft={loaded.session.draft} />}
    </main>
  );
}

function TemplateBuilder({ api, template }: { api: BuilderApi; template: TemplateDetail }) {
  const t = useT('composer');
  const editorT = useT('editor');
  const typeNames = useFieldTypeNames();
  const initial = useMemo(() => rolesFromTemplate(template.roles), [template]);
  const [roles, setRoles] = useState<RoleDraft[]>(initial.roles);
  const [observers, setObservers] = useState<ObserverRoleDraft[]>(initial.observers);
  const [fields, setFields] = useState<EditorField[]>(initial.fields);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const documents = useMemo(() => documentsOf(api, template.documents), [api, template]);
  const untitled = useCallback((number: number) => editorT('roles.untitled', { number }), [editorT]);
  const signers = useMemo(
    () => roles.map((role, index) => ({ key: role.key, label: roleLabel(role, index, untitled), takesFields: roleTakesFields(role) })),
    [roles, untitled],
  );

  const save = async () => {
    setSaving(true);
    setSaved(false);
    setError(null);
    try {
      const updated = await api.saveTemplate(rolesBody(roles, observers, fields));
      setSaved(true);
      notifyParent({ type: 'countersign.template.saved', template_id: updated.template_id });
    } catch (failure) {
      const people = roles.map((role, index) => ({
        label: roleLabel(role, index, untitled),
        fields: fields
          .filter((field) => field.signer === role.key)
          .map((field) => t('fieldOnPage', { field: typeNames[field.type], page: field.page })),
      }));
      setError(withFieldNames(failure as ApiFailure, personPathNamer('roles.signers', people)));
      notifyParent({ type: 'countersign.error', error_code: (failure as ApiFailure).code });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <h1 className="builder-title">{template.name}</h1>
      <section className="panel" aria-labelledby="builder-roles">
        <h2 id="builder-roles" className="panel-title">
          {t('builder.roles')}
        </h2>
        <RolesForm
          roles={roles}
          onRoles={(next) => {
            setRoles(next);
            setFields(fields.filter((field) => next.some((role) => role.key === field.signer && roleTakesFields(role))));
          }}
          observers={observers}
          onObservers={setObservers}
        />
      </section>
      <section className="panel" aria-labelledby="builder-fields">
        <h2 id="builder-fields" className="panel-title">
          {t('steps.fields')}
        </h2>
        <FieldEditor documents={documents} signers={signers} fields={fields} onChange={setFields} signerNoun={editorT('role')} />
      </section>
      <div className="form-actions">
        <ErrorNotice error={error} />
        <p className="saved-status" role="status">
          {saved ? t('builder.saved') : ''}
        </p>
        <button type="button" className="button button-primary" disabled={saving} onClick={() => void save()} data-testid="save-template">
          {saving ? t('builder.saving') : t('builder.saveTemplate')}
        </button>
      </div>
    </>
  );
}

function ComposeBuilder({ api, draft }: { api: BuilderApi; draft: ComposeDraft }) {
  const t = useT('composer');
  const typeNames = useFieldTypeNames();
  const signerKeys = useMemo(() => draft.signers.map(() => newKey()), [draft]);
  const [fields, setFields] = useState<EditorField[]>(() =>
    draft.signers.flatMap((signer, index) => signer.fields.flatMap((field) => fromApiField(field, signerKeys[index]!) ?? [])),
  );
  // Anchored fields of the draft cannot be drawn; they are sent back as they came.
  const kept = useMemo(
    () => draft.signers.map((signer) => signer.fields.filter((field: StoredField) => field.anchor !== undefined)),
    [draft],
  );
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(draft.envelope_id);
  const [error, setError] = useState<ApiFailure | null>(null);
  const documents = useMemo(() => documentsOf(api, draft.documents), [api, draft]);
  const signers = useMemo(
    () => draft.signers.map((signer, index) => ({ key: signerKeys[index]!, label: signer.name || signer.email })),
    [draft, signerKeys],
  );

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const created = await api.send(
        draft.signers.map((signer, index) => ({
          index: signer.index,
          fields: [...fields.filter((field) => field.signer === signerKeys[index]).map(toApiField), ...(kept[index] ?? [])],
        })),
      );
      setSent(created.envelope_id);
      notifyParent({ type: 'countersign.envelope.sent', envelope_id: created.envelope_id });
    } catch (failure) {
      const people = draft.signers.map((signer, index) => ({
        label: signer.name || signer.email,
        fields: fields
          .filter((field) => field.signer === signerKeys[index])
          .map((field) => t('fieldOnPage', { field: typeNames[field.type], page: field.page })),
      }));
      setError(withFieldNames(failure as ApiFailure, personPathNamer('signers', people)));
      notifyParent({ type: 'countersign.error', error_code: (failure as ApiFailure).code });
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div className="end-state" data-testid="builder-sent">
        <h1 className="end-state-title">{t('builder.sentTitle')}</h1>
        <p>{t('builder.sentBody', { name: draft.envelope.name })}</p>
      </div>
    );
  }

  return (
    <>
      <h1 className="builder-title">{draft.envelope.name}</h1>
      <section className="panel" aria-labelledby="builder-recipients">
        <h2 id="builder-recipients" className="panel-title">
          {t('steps.recipients')}
        </h2>
        <ul className="document-list">
          {draft.signers.map((signer, index) => (
            <li key={signer.index}>
              <span>
                <SignerSwatch index={index} />
                {signer.name} <span className="hint">{signer.email}</span>
              </span>
              {signer.signing_order !== null && <span className="hint">{t('builder.order', { number: signer.signing_order })}</span>}
            </li>
          ))}
          {draft.observers.map((observer) => (
            <li key={observer.email}>
              <span>
                {observer.name} <span className="hint">{t('builder.observer', { email: observer.email })}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="panel" aria-labelledby="builder-fields">
        <h2 id="builder-fields" className="panel-title">
          {t('steps.fields')}
        </h2>
        <FieldEditor documents={documents} signers={signers} fields={fields} onChange={setFields} />
      </section>
      <div className="form-actions">
        <ErrorNotice error={error} />
        <button type="button" className="button button-primary" disabled={sending} onClick={() => void send()} data-testid="send-envelope">
          {sending ? t('sending') : t('send')}
        </button>
      </div>
    </>
  );
}
