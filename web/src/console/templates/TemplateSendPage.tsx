import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PersonFields } from '../composer/PersonFields.js';
import { GROUP_MAX, GROUP_MIN, newPerson, type PersonDraft } from '../composer/signer-drafts.js';
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
import '../../editor/workflow-forms.css';

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
  /** A signing-group role: its members, `required` of whom must sign. */
  group: { required: number; members: PersonDraft[] } | null;
}

/** A template role's group setting (docs/api/workflows.md). */
const groupOf = (role: TemplateDetail['roles']['signers'][number]): { required: number } | null => {
  const group = (role as { group?: { required?: number | null } | null }).group;
  return group ? { required: group.required ?? 1 } : null;
};

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
      template.data.roles.signers.map((role) => {
        const group = groupOf(role);
        return {
          title: role.signer_title,
          name: '',
          email: '',
          formFields: formFieldsOf(role.fields),
          group: group && { required: group.required, members: Array.from({ length: Math.max(GROUP_MIN, group.required) }, newPerson) },
        };
      }),
    );
    setObservers(
      template.data.roles.observers.map((role) => ({ title: role.observer_title, name: '', email: '', formFields: [], group: null })),
    );
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
            ...(signer.group
              ? {
                  group: {
                    name: signer.title,
                    members: signer.group.members.map((member) => ({ name: member.name.trim(), email: member.email.trim() })),
                  },
                }
              : { name: signer.name.trim(), email: signer.email.trim() }),
            form_fields: signer.formFields
              .filter((field) => field.value !== '')
              .map((field) => ({ placeholder: field.placeholder, default_value: field.value, editable: field.editable })),
          })) as ApiBody<'createEnvelopeWithTemplate'>['recipients']['signers'],
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
            {signer.group ? (
              <GroupMembers title={signer.title} group={signer.group} onChange={(group) => setSigner(index, { group })} />
            ) : (
              <div className="recipient-row role-fill-row">
                <PersonFields name={signer.name} email={signer.email} onChange={(change) => setSigner(index, change)} />
              </div>
            )}
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

/** The members of a signing-group role, named at sending (2–20); `required` of them must sign. */
function GroupMembers({
  title,
  group,
  onChange,
}: {
  title: string;
  group: { required: number; members: PersonDraft[] };
  onChange: (group: { required: number; members: PersonDraft[] }) => void;
}) {
  const w = useT('workflows');
  const c = useT('composer');
  const setMember = (key: string, patch: { name?: string; email?: string }) =>
    onChange({ ...group, members: group.members.map((member) => (member.key === key ? { ...member, ...patch } : member)) });
  return (
    <>
      <p className="hint">{w('group.requiredHint', { required: group.required, count: group.members.length })}</p>
      <ol className="recipient-list group-members">
        {group.members.map((member, index) => (
          <li key={member.key} className="recipient-row" data-testid="group-member">
            <PersonFields name={member.name} email={member.email} onChange={(change) => setMember(member.key, change)} />
            <button
              type="button"
              className="button button-link recipient-remove"
              disabled={group.members.length <= Math.max(GROUP_MIN, group.required)}
              aria-label={w('group.removeMember', { number: index + 1, name: title })}
              onClick={() => onChange({ ...group, members: group.members.filter((m) => m.key !== member.key) })}
            >
              {c('remove')}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={group.members.length >= GROUP_MAX}
        onClick={() => onChange({ ...group, members: [...group.members, newPerson()] })}
        data-testid="add-member"
      >
        {w('group.addMember')}
      </button>
    </>
  );
}
