import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PersonFields } from '../composer/PersonFields.js';
import { FIELD_LABELS, WITHOUT_DEFAULT_VALUE, type FieldType } from '../../editor/field-model.js';
import { withFieldNames } from '../../editor/field-problems.js';
import type { TemplateDetail } from '../../editor/template-roles.js';
import type { ApiFailure } from '../../shared/api-failure.js';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import '../../editor/forms.css';

interface FormFieldDraft {
  placeholder: string;
  type: FieldType;
  value: string;
  editable: boolean;
}

interface RoleFill {
  title: string;
  name: string;
  email: string;
  formFields: FormFieldDraft[];
}

/** Named fields the sender may prefill: the signer types into them (self-filling ones take no default). */
const formFieldsOf = (fields: TemplateDetail['roles']['signers'][number]['fields']): FormFieldDraft[] =>
  fields.flatMap((field) => {
    if (!field.placeholder || WITHOUT_DEFAULT_VALUE.has(field.type)) return [];
    return [{ placeholder: field.placeholder, type: field.type, value: field.default_value ?? '', editable: true }];
  });

/** Fill each role with a person, prefill named fields, send: POST /envelopes/create_with_template. */
export function TemplateSendPage({ templateId }: { templateId: string }) {
  const t = useT('templates');
  const [, navigate] = useLocation();
  const template = useApiQuery<TemplateDetail>(`/templates/${encodeURIComponent(templateId)}`);
  const [envelopeName, setEnvelopeName] = useState('');
  const [signers, setSigners] = useState<RoleFill[] | null>(null);
  const [observers, setObservers] = useState<RoleFill[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);

  useEffect(() => {
    if (!template.data || signers) return;
    setEnvelopeName(template.data.name);
    setSigners(
      template.data.roles.signers.map((role) => ({ title: role.signer_title, name: '', email: '', formFields: formFieldsOf(role.fields) })),
    );
    setObservers(template.data.roles.observers.map((role) => ({ title: role.observer_title, name: '', email: '', formFields: [] })));
  }, [template.data, signers]);

  if (template.error) return <ErrorNotice error={template.error} />;
  if (!template.data || !signers) return <p className="loading">{t('loading')}</p>;

  const setSigner = (index: number, patch: Partial<RoleFill>) => setSigners(signers.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const setFormField = (index: number, placeholder: string, patch: Partial<FormFieldDraft>) =>
    setSigner(index, { formFields: signers[index]!.formFields.map((f) => (f.placeholder === placeholder ? { ...f, ...patch } : f)) });

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const body: ApiBody<'createEnvelopeWithTemplate'> = {
        template_id: templateId,
        envelope: { name: envelopeName.trim() },
        recipients: {
          signers: signers.map((signer) => ({
            signer_title: signer.title,
            name: signer.name.trim(),
            email: signer.email.trim(),
            form_fields: signer.formFields
              .filter((field) => field.value !== '')
              .map((field) => ({ placeholder: field.placeholder, default_value: field.value, editable: field.editable })),
          })),
          observers: observers.map((observer) => ({
            observer_title: observer.title,
            name: observer.name.trim(),
            email: observer.email.trim(),
          })),
        },
      };
      const created = await consoleApi.request<ApiData<'createEnvelopeWithTemplate'>>('POST', '/envelopes/create_with_template', body);
      navigate(`/envelopes/${created.envelope_id}`);
    } catch (failure) {
      setError(
        withFieldNames(failure as ApiFailure, (path) => {
          const match = /^recipients\.(signers|observers)\[(\d+)\]\.?(.*)$/.exec(path);
          const role = match && (match[1] === 'signers' ? signers : observers)[Number(match[2])];
          return role
            ? `${role.title}${match[3] ? `, ${match[3].replace(/_/g, ' ')}` : ''}`
            : path === 'envelope.name'
              ? t('send.envelopeName')
              : null;
        }),
      );
      setSending(false);
    }
  };

  return (
    <div className="template-send">
      <div className="page-heading">
        <h1>{t('send.title', { name: template.data.name })}</h1>
      </div>
      {template.data.status !== 'Active' && (
        <div className="notice notice-error" role="alert">
          <p className="notice-text">{t('send.inactive')}</p>
        </div>
      )}
      <section className="panel" aria-labelledby="send-envelope">
        <h2 id="send-envelope" className="panel-title">
          {t('send.envelope')}
        </h2>
        <label className="editor-label">
          {t('send.envelopeName')}
          <input className="text-input" value={envelopeName} maxLength={255} onChange={(e) => setEnvelopeName(e.target.value)} />
        </label>
      </section>
      <section className="panel" aria-labelledby="send-recipients">
        <h2 id="send-recipients" className="panel-title">
          {t('send.recipients')}
        </h2>
        {signers.map((signer, index) => (
          <fieldset key={signer.title} className="form-fieldset" data-testid="role-fill">
            <legend>{signer.title}</legend>
            <div className="recipient-row role-fill-row">
              <PersonFields name={signer.name} email={signer.email} onChange={(change) => setSigner(index, change)} />
            </div>
            {signer.formFields.map((field) => (
              <div key={field.placeholder} className="recipient-row role-fill-row">
                <label className="editor-label">
                  {field.placeholder} <span className="hint">{t('send.prefilled', { field: FIELD_LABELS[field.type] })}</span>
                  <input
                    className="text-input"
                    value={field.value}
                    maxLength={1000}
                    onChange={(e) => setFormField(index, field.placeholder, { value: e.target.value })}
                  />
                </label>
                <label className="editor-check">
                  <input
                    type="checkbox"
                    checked={field.editable}
                    onChange={(e) => setFormField(index, field.placeholder, { editable: e.target.checked })}
                  />
                  {t('send.editable')}
                </label>
              </div>
            ))}
          </fieldset>
        ))}
        {observers.map((observer, index) => (
          <fieldset key={observer.title} className="form-fieldset">
            <legend>{t('send.observerRole', { title: observer.title })}</legend>
            <div className="recipient-row role-fill-row">
              <label className="editor-label">
                {t('send.name')}
                <input
                  className="text-input"
                  value={observer.name}
                  maxLength={255}
                  onChange={(e) => setObservers(observers.map((o, i) => (i === index ? { ...o, name: e.target.value } : o)))}
                />
              </label>
              <label className="editor-label">
                {t('send.email')}
                <input
                  className="text-input"
                  type="email"
                  value={observer.email}
                  maxLength={254}
                  onChange={(e) => setObservers(observers.map((o, i) => (i === index ? { ...o, email: e.target.value } : o)))}
                />
              </label>
            </div>
          </fieldset>
        ))}
      </section>
      <div className="form-actions">
        <ErrorNotice error={error} />
        <button
          type="button"
          className="button button-primary"
          disabled={sending}
          onClick={() => void send()}
          data-testid="send-from-template"
        >
          {sending ? t('send.sending') : t('send.send')}
        </button>
      </div>
    </div>
  );
}
