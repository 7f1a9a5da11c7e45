import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { DocumentPicker } from '../../editor/DocumentPicker.js';
import { LazyFieldEditor as FieldEditor } from '../../editor/LazyFieldEditor.js';
import { fieldConditionProblems } from '../../editor/condition-problems.js';
import { toApiField, type EditorField, type EditorSigner } from '../../editor/field-model.js';
import { personPathNamer, withFieldNames } from '../../editor/field-problems.js';
import { useFieldTypeNames } from '../../editor/field-type-names.js';
import type { ApiFailure } from '../../shared/api-failure.js';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { RecipientsForm } from './RecipientsForm.js';
import { draftTakesFields, newSigner, signerBody, signerGaps, type Flow, type ObserverDraft, type SignerDraft } from './signer-drafts.js';
import { useHosts } from './use-hosts.js';
import { DEFAULT_SETTINGS, SettingsForm, settingsBody, type EnvelopeSettings } from './SettingsForm.js';
import '../../editor/forms.css';

interface UploadedDocument {
  fileId: string;
  name: string;
  pages: number;
}

/** Upload documents (PDFs, or files the service converts to PDF), name the recipients, place their fields, send: POST /envelopes/create_with_files. */
export function ComposerPage() {
  const t = useT('composer');
  const w = useT('workflows');
  const typeNames = useFieldTypeNames();
  const hosts = useHosts();
  const [, navigate] = useLocation();
  const [documents, setDocuments] = useState<UploadedDocument[]>([]);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<ApiFailure | null>(null);
  const [flow, setFlow] = useState<Flow>('Parallel');
  const [signers, setSigners] = useState<SignerDraft[]>(() => [newSigner(1)]);
  const [observers, setObservers] = useState<ObserverDraft[]>([]);
  const [settings, setSettings] = useState<EnvelopeSettings>(DEFAULT_SETTINGS);
  const [fields, setFields] = useState<EditorField[]>([]);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<ApiFailure | null>(null);

  const signerLabel = useCallback(
    (signer: SignerDraft, index: number) =>
      signer.group
        ? signer.group.name.trim() || w('group.numbered', { number: index + 1 })
        : signer.name.trim() || signer.email.trim() || t('signers.numbered', { number: index + 1 }),
    [t, w],
  );
  const editorSigners: EditorSigner[] = useMemo(
    () => signers.map((signer, index) => ({ key: signer.key, label: signerLabel(signer, index), takesFields: draftTakesFields(signer) })),
    [signers, signerLabel],
  );
  const editorDocuments = useMemo(
    () =>
      documents.map((document) => ({
        key: document.fileId,
        name: document.name,
        // The upload as the service keeps it: a Word document or an image has become a PDF there.
        load: async () => (await consoleApi.bytes(`/envelopes/upload_file/${document.fileId}`)).arrayBuffer(),
      })),
    [documents],
  );

  const upload = async (files: File[]) => {
    setUploading(true);
    setUploadError(null);
    try {
      const added: UploadedDocument[] = [];
      for (const file of files.slice(0, Math.max(0, 10 - documents.length))) {
        const answer = await consoleApi.upload<ApiData<'uploadEnvelopeFile'>>('/envelopes/upload_file', file);
        const uploaded = answer.files[0];
        if (uploaded) added.push({ fileId: uploaded.file_id, name: uploaded.name, pages: uploaded.pages });
      }
      setDocuments((current) => [...current, ...added]);
      if (!settings.name.trim() && added[0]) setSettings({ ...settings, name: added[0].name.replace(/\.pdf$/i, '') });
    } catch (error) {
      setUploadError(error as ApiFailure);
    } finally {
      setUploading(false);
    }
  };

  const removeDocument = (index: number) => {
    setDocuments(documents.filter((_, i) => i !== index));
    // Fields name their document by position: later documents move up by one.
    setFields(
      fields
        .filter((field) => field.document !== index + 1)
        .map((field) => (field.document > index + 1 ? { ...field, document: field.document - 1 } : field)),
    );
  };

  const changeSigners = (next: SignerDraft[]) => {
    setSigners(next);
    // Approvers and viewers take no fields: theirs go when they become one.
    setFields(fields.filter((field) => next.some((signer) => signer.key === field.signer && draftTakesFields(signer))));
  };

  const send = async () => {
    setSending(true);
    setSendError(null);
    const fieldsOf = (signer: SignerDraft) => fields.filter((field) => field.signer === signer.key);
    const body: ApiBody<'createEnvelopeWithFiles'> = {
      envelope: { ...settingsBody(settings), sign_process_flow: flow },
      file_ids: documents.map((document) => document.fileId),
      recipients: {
        signers: signers.map((signer, index) => ({
          ...signerBody(signer, signers, flow !== 'Parallel', signerLabel(signer, index)),
          fields: fieldsOf(signer).map(toApiField),
        })),
        observers: observers.map((observer) => ({ name: observer.name.trim(), email: observer.email.trim() })),
      },
    };
    try {
      const created = await consoleApi.request<ApiData<'createEnvelopeWithFiles'>>('POST', '/envelopes/create_with_files', body);
      navigate(`/envelopes/${created.envelope_id}`);
    } catch (error) {
      const people = [
        ...signers.map((signer, index) => ({
          label: signerLabel(signer, index),
          fields: fieldsOf(signer).map((field) => t('fieldOnPage', { field: typeNames[field.type], page: field.page })),
        })),
      ];
      const observerNames = observers.map((observer, index) => ({
        label: observer.name.trim() || t('observers.numbered', { number: index + 1 }),
        fields: [],
      }));
      const signerNames = personPathNamer('recipients.signers', people);
      const observerNamer = personPathNamer('recipients.observers', observerNames);
      setSendError(
        withFieldNames(error as ApiFailure, (path) => {
          if (path.startsWith('envelope.')) return envelopeSetting(path.slice('envelope.'.length));
          if (path.startsWith('file_ids')) return t('steps.documents');
          return signerNames(path) ?? observerNamer(path);
        }),
      );
      setSending(false);
    }
  };

  /** An envelope property the API names in a problem, as the settings form labels it. */
  const envelopeSetting = (property: string): string => {
    const labels: Record<string, string> = {
      name: t('settings.name'),
      message: t('settings.message'),
      expiration_days: t('settings.expires'),
      email_reminders: t('settings.remind'),
      reminder_period: t('settings.remindDays'),
      allow_reassign: w('settings.allowReassign'),
    };
    return labels[property] ?? t('problems.envelope', { property: property.replace(/_/g, ' ') });
  };

  const gaps = signerGaps(signers);
  const conditionProblemCount = fieldConditionProblems(fields).size;
  const missing = [
    ...(documents.length === 0 ? [t('missing.document')] : []),
    ...(gaps.emails ? [t('missing.emails')] : []),
    ...(gaps.witness ? [w('missing.witness')] : []),
    ...(gaps.host ? [w('missing.host')] : []),
    ...(conditionProblemCount > 0 ? [w('missing.conditions', { count: conditionProblemCount })] : []),
    ...(!settings.name.trim() ? [t('missing.name')] : []),
  ];

  return (
    <div className="composer">
      <div className="page-heading">
        <h1>{t('title')}</h1>
      </div>

      <section className="panel" aria-labelledby="composer-documents">
        <h2 id="composer-documents" className="panel-title">
          {t('steps.numbered', { number: 1, step: t('steps.documents') })}
        </h2>
        {documents.length > 0 && (
          <ul className="document-list" data-testid="document-list">
            {documents.map((document, index) => (
              <li key={document.fileId}>
                <span>
                  {document.name} <span className="hint">{t('pageCount', { count: document.pages })}</span>
                </span>
                <button
                  type="button"
                  className="button button-link"
                  aria-label={t('removeDocument', { name: document.name })}
                  onClick={() => removeDocument(index)}
                >
                  {t('remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {documents.length < 10 && <DocumentPicker onFiles={(files) => void upload(files)} busy={uploading} />}
        <ErrorNotice error={uploadError} />
      </section>

      <section className="panel" aria-labelledby="composer-recipients">
        <h2 id="composer-recipients" className="panel-title">
          {t('steps.numbered', { number: 2, step: t('steps.recipients') })}
        </h2>
        <RecipientsForm
          flow={flow}
          onFlow={setFlow}
          signers={signers}
          onSigners={changeSigners}
          observers={observers}
          onObservers={setObservers}
          hosts={hosts}
        />
      </section>

      <section className="panel" aria-labelledby="composer-fields">
        <h2 id="composer-fields" className="panel-title">
          {t('steps.numbered', { number: 3, step: t('steps.fields') })}
        </h2>
        {documents.length === 0 ? (
          <p className="hint">{t('noDocument')}</p>
        ) : (
          <FieldEditor documents={editorDocuments} signers={editorSigners} fields={fields} onChange={setFields} />
        )}
      </section>

      <section className="panel" aria-labelledby="composer-settings">
        <h2 id="composer-settings" className="panel-title">
          {t('steps.numbered', { number: 4, step: t('steps.settings') })}
        </h2>
        <SettingsForm settings={settings} onChange={setSettings} />
      </section>

      <div className="composer-send">
        <ErrorNotice error={sendError} />
        {missing.length > 0 && <p className="hint">{t('missing.list', { list: missing.join(t('missing.separator')) })}</p>}
        <button
          type="button"
          className="button button-primary"
          disabled={sending || documents.length === 0 || conditionProblemCount > 0}
          onClick={() => void send()}
          data-testid="send-envelope"
        >
          {sending ? t('sending') : t('send')}
        </button>
      </div>
    </div>
  );
}
