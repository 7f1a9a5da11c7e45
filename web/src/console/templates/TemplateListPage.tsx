import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { DocumentPicker } from '../../editor/DocumentPicker.js';
import { newRole, RolesForm } from '../../editor/RolesForm.js';
import { rolesBody, type ObserverRoleDraft, type RoleDraft } from '../../editor/template-roles.js';
import type { ApiFailure } from '../../shared/api-failure.js';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { useFormat } from '../ui/format.js';
import { StatusBadge } from '../ui/StatusBadge.js';
import '../ui/ui.css';
import '../../editor/forms.css';
import { Pagination } from '../ui/Pagination.js';

type TemplateRow = ApiData<'listTemplates'>['templates'][number];

const PAGE_SIZE = 20;

/** The account's templates: activate, deactivate, delete, edit, send; and a new one from a PDF. */
export function TemplateListPage() {
  const t = useT('templates');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TemplateRow | null>(null);
  const list = useApiQuery<ApiData<'listTemplates'>>(`/templates/list?page=${page}&pageSize=${PAGE_SIZE}`);
  const action = useApiMutation(
    ({ id, name }: { id: string; name: 'activate' | 'deactivate' | 'delete' }) =>
      consoleApi.request('PUT', `/templates/${encodeURIComponent(id)}/action/${name}`),
    [['/templates/list']],
  );
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="templates">
      <div className="page-heading">
        <h1>{t('list.title')}</h1>
        {!creating && (
          <button type="button" className="button button-primary" onClick={() => setCreating(true)} data-testid="new-template">
            {t('list.new')}
          </button>
        )}
      </div>
      {creating && <NewTemplate onCancel={() => setCreating(false)} />}
      <ErrorNotice error={list.error ?? (deleting ? null : action.error)} />
      {list.isPending && <p className="loading">{t('list.loading')}</p>}
      {list.data && list.data.templates.length === 0 && <p>{t('list.empty')}</p>}
      {list.data && list.data.templates.length > 0 && (
        <div className="table-wrap">
          <table className="data-table cards-on-narrow" data-testid="template-table">
            <caption className="visually-hidden">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.status')}</th>
                <th scope="col">{t('list.roles')}</th>
                <th scope="col">{t('list.created')}</th>
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.templates.map((template) => (
                <tr key={template.template_id}>
                  <td data-label={t('list.name')}>
                    <Link href={`/templates/${template.template_id}`}>{template.name}</Link>
                  </td>
                  <td data-label={t('list.status')}>
                    <StatusBadge status={template.status} />
                  </td>
                  <td data-label={t('list.roles')}>{template.roles.signers.map((role) => role.signer_title).join(', ')}</td>
                  <td data-label={t('list.created')}>{format.date(template.created_at)}</td>
                  <td data-label={t('list.actions')}>
                    <div className="row-actions">
                      {template.status === 'Active' && (
                        <Link href={`/templates/${template.template_id}/send`} className="button button-secondary button-small">
                          {t('list.send')}
                          <span className="visually-hidden"> {template.name}</span>
                        </Link>
                      )}
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        disabled={action.isPending}
                        onClick={() =>
                          action.mutate({ id: template.template_id, name: template.status === 'Active' ? 'deactivate' : 'activate' })
                        }
                      >
                        {template.status === 'Active' ? t('list.deactivate') : t('list.activate')}
                        <span className="visually-hidden"> {template.name}</span>
                      </button>
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        onClick={() => {
                          action.reset();
                          setDeleting(template);
                        }}
                      >
                        {t('list.delete')}
                        <span className="visually-hidden"> {template.name}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} label={t('list.pages')} onPage={setPage} />
      {deleting && (
        <ConfirmDialog
          title={t('delete.title', { name: deleting.name })}
          confirmLabel={t('delete.confirm')}
          danger
          busy={action.isPending}
          error={action.error}
          onClose={() => setDeleting(null)}
          onConfirm={() => action.mutate({ id: deleting.template_id, name: 'delete' }, { onSuccess: () => setDeleting(null) })}
        >
          <p>{t('delete.text')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Name, documents and roles: POST /templates/create_with_files, then on to the editor to place the fields. */
function NewTemplate({ onCancel }: { onCancel: () => void }) {
  const t = useT('templates');
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [files, setFiles] = useState<{ fileId: string; name: string }[]>([]);
  const [roles, setRoles] = useState<RoleDraft[]>(() => [newRole(1, t('new.firstRole'))]);
  const [observers, setObservers] = useState<ObserverRoleDraft[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);

  const upload = async (chosen: File[]) => {
    setBusy(true);
    setError(null);
    try {
      for (const file of chosen) {
        const answer = await consoleApi.upload<ApiData<'uploadTemplateFile'>>('/templates/upload_file', file);
        const uploaded = answer.files[0];
        if (uploaded) setFiles((current) => [...current, { fileId: uploaded.file_id, name: uploaded.name }]);
        if (!name.trim() && uploaded) setName(uploaded.name.replace(/\.pdf$/i, ''));
      }
    } catch (failure) {
      setError(failure as ApiFailure);
    } finally {
      setBusy(false);
    }
  };

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const body: ApiBody<'createTemplateWithFiles'> = {
        template: { name: name.trim() },
        file_ids: files.map((file) => file.fileId),
        roles: rolesBody(roles, observers, []),
      };
      const created = await consoleApi.request<ApiData<'createTemplateWithFiles'>>('POST', '/templates/create_with_files', body);
      navigate(`/templates/${created.template_id}`);
    } catch (failure) {
      setError(failure as ApiFailure);
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="new-template-title">
      <h2 id="new-template-title" className="panel-title">
        {t('new.title')}
      </h2>
      <label className="editor-label">
        {t('templateName')}
        <input
          className="text-input"
          value={name}
          maxLength={255}
          onChange={(e) => setName(e.target.value)}
          data-testid="new-template-name"
        />
      </label>
      {files.length > 0 && (
        <ul className="document-list">
          {files.map((file) => (
            <li key={file.fileId}>{file.name}</li>
          ))}
        </ul>
      )}
      <DocumentPicker onFiles={(chosen) => void upload(chosen)} busy={busy} />
      <RolesForm roles={roles} onRoles={setRoles} observers={observers} onObservers={setObservers} />
      <ErrorNotice error={error} />
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('new.cancel')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={busy || files.length === 0 || !name.trim()}
          onClick={() => void create()}
          data-testid="create-template"
        >
          {t('new.create')}
        </button>
      </div>
    </section>
  );
}
