import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { EditorField } from '../../editor/field-model.js';
import { FIELD_LABELS } from '../../editor/field-model.js';
import { personPathNamer, withFieldNames } from '../../editor/field-problems.js';
import { LazyFieldEditor as FieldEditor } from '../../editor/LazyFieldEditor.js';
import { RolesForm } from '../../editor/RolesForm.js';
import {
  roleLabel,
  rolesBody,
  rolesFromTemplate,
  roleTakesFields,
  type ObserverRoleDraft,
  type RoleDraft,
  type TemplateDetail,
} from '../../editor/template-roles.js';
import type { ApiFailure } from '../../shared/api-failure.js';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiQuery } from '../api-hooks.js';
import { useHosts } from '../composer/use-hosts.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { BulkSendLink } from '../bulk/BulkSendLink.js';
import { PublicLinkPanel } from './PublicLinkPanel.js';
import '../../editor/forms.css';

interface Draft {
  name: string;
  description: string;
  roles: RoleDraft[];
  observers: ObserverRoleDraft[];
  fields: EditorField[];
}

const draftOf = (template: TemplateDetail): Draft => ({
  name: template.name,
  description: template.description ?? '',
  ...rolesFromTemplate(template.roles),
});

/** A template's name, roles and fields, saved whole with PUT /templates/{id}. */
export function TemplateEditorPage({ templateId }: { templateId: string }) {
  const t = useT('templates');
  const path = `/templates/${encodeURIComponent(templateId)}`;
  const template = useApiQuery<TemplateDetail>(path);
  const hosts = useHosts();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);

  useEffect(() => {
    if (template.data && !draft) setDraft(draftOf(template.data));
  }, [template.data, draft]);

  const documents = useMemo(
    () =>
      (template.data?.documents ?? []).map((document) => ({
        key: document.document_id,
        name: document.name,
        load: async () => (await consoleApi.bytes(`${path}/documents/${encodeURIComponent(document.document_id)}`)).arrayBuffer(),
      })),
    [template.data, path],
  );
  const signers = useMemo(
    () => (draft?.roles ?? []).map((role, index) => ({ key: role.key, label: roleLabel(role, index), takesFields: roleTakesFields(role) })),
    [draft?.roles],
  );

  if (template.error) return <ErrorNotice error={template.error} />;
  if (!template.data || !draft) return <p className="loading">{t('loading')}</p>;

  const change = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft({ ...draft, ...patch });
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const body: ApiBody<'updateTemplate'> = {
        name: draft.name.trim(),
        description: draft.description,
        roles: rolesBody(draft.roles, draft.observers, draft.fields),
      };
      const updated = await consoleApi.request<ApiData<'updateTemplate'>>('PUT', path, body);
      setDraft(draftOf(updated));
      setSaved(true);
    } catch (failure) {
      const people = draft.roles.map((role, index) => ({
        label: roleLabel(role, index),
        fields: draft.fields
          .filter((field) => field.signer === role.key)
          .map((field) => t('edit.fieldOnPage', { field: FIELD_LABELS[field.type], page: field.page })),
      }));
      const signerNames = personPathNamer('roles.signers', people);
      setError(withFieldNames(failure as ApiFailure, (field) => signerNames(field) ?? (field === 'name' ? t('templateName') : null)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="template-editor">
      <div className="page-heading">
        <h1>{t('edit.title')}</h1>
        {template.data.status === 'Active' && (
          <div className="row-actions">
            <Link href={`/templates/${templateId}/send`} className="button button-secondary">
              {t('edit.sendFrom')}
            </Link>
            <BulkSendLink templateId={templateId} />
          </div>
        )}
      </div>
      <section className="panel" aria-labelledby="template-details">
        <h2 id="template-details" className="panel-title">
          {t('edit.template')}
        </h2>
        <label className="editor-label">
          {t('templateName')}
          <input
            className="text-input"
            value={draft.name}
            maxLength={255}
            onChange={(e) => change({ name: e.target.value })}
            data-testid="template-name"
          />
        </label>
        <label className="editor-label">
          {t('edit.description')}
          <textarea
            className="text-input"
            rows={2}
            maxLength={2000}
            value={draft.description}
            onChange={(e) => change({ description: e.target.value })}
          />
        </label>
        <p className="hint">
          {t('edit.documents', {
            documents: template.data.documents
              .map((document) => t('edit.document', { name: document.name, count: document.page_count }))
              .join(', '),
          })}
        </p>
      </section>
      <section className="panel" aria-labelledby="template-roles">
        <h2 id="template-roles" className="panel-title">
          {t('edit.roles')}
        </h2>
        <RolesForm
          roles={draft.roles}
          onRoles={(roles) =>
            change({
              roles,
              fields: draft.fields.filter((field) => roles.some((role) => role.key === field.signer && roleTakesFields(role))),
            })
          }
          observers={draft.observers}
          onObservers={(observers) => change({ observers })}
          hosts={hosts}
        />
      </section>
      <section className="panel" aria-labelledby="template-fields">
        <h2 id="template-fields" className="panel-title">
          {t('edit.fields')}
        </h2>
        <FieldEditor
          documents={documents}
          signers={signers}
          fields={draft.fields}
          onChange={(fields) => change({ fields })}
          signerNoun={t('edit.role')}
        />
      </section>
      <div className="form-actions">
        <ErrorNotice error={error} />
        <p className="saved-status" role="status">
          {saved ? t('edit.saved') : ''}
        </p>
        <button type="button" className="button button-primary" disabled={saving} onClick={() => void save()} data-testid="save-template">
          {saving ? t('edit.saving') : t('edit.save')}
        </button>
      </div>
      {template.data.status === 'Active' && <PublicLinkPanel template={template.data} />}
    </div>
  );
}
