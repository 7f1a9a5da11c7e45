import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import './attachment-field.css';
import { ApiFailure } from '../shared/api-failure.js';
import { failureLines } from './failure-text.js';
import { fieldLabel, typeNamesOf } from './field-label.js';
import { useTranslation, type Translation } from './i18n.js';
import type { SigningApi } from './signing-api.js';
import type { SigningField, UploadedAttachment } from './signing-types.js';

/** What the service takes (docs/concepts/recipients.md): checked by its bytes there, by size here to spare a useless upload. */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
const MAX_BYTES = 10 * 1024 * 1024;

interface AttachmentUploads {
  /** Uploads the file for the field and hands its attachment_id to `onChange`; failures are kept per field. */
  choose: (fieldId: string, file: File | undefined, onChange: (value: string) => void) => Promise<void>;
  /** The files uploaded in this session, by attachment_id: a field's value names one of them. */
  uploaded: ReadonlyMap<string, UploadedAttachment>;
  errors: Readonly<Record<string, string>>;
  busy: ReadonlySet<string>;
}

const AttachmentUploadsContext = createContext<AttachmentUploads | null>(null);

const useUploads = (): AttachmentUploads => {
  const uploads = useContext(AttachmentUploadsContext);
  if (!uploads) throw new Error('Attachment fields need an AttachmentUploadsProvider');
  return uploads;
};

/**
 * Lets the page's attachment fields upload through the signer's API, and keeps what the box on
 * the page and the list under the documents both show: the uploaded files, errors, uploads running.
 */
export function AttachmentUploadsProvider({ api, children }: { api: SigningApi; children: ReactNode }) {
  const { t } = useTranslation();
  const [uploaded, setUploaded] = useState<ReadonlyMap<string, UploadedAttachment>>(() => new Map());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  const setError = (fieldId: string, error: string | null) =>
    setErrors(({ [fieldId]: _previous, ...others }) => (error ? { ...others, [fieldId]: error } : others));

  const choose = async (fieldId: string, file: File | undefined, onChange: (value: string) => void) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(fieldId, t('sign.attachments.tooLarge', { name: file.name }));
      return;
    }
    setBusy((current) => new Set(current).add(fieldId));
    setError(fieldId, null);
    try {
      const attachment = await api.uploadAttachment(file);
      setUploaded((current) => new Map(current).set(attachment.attachment_id, attachment));
      onChange(attachment.attachment_id);
    } catch (failure) {
      setError(fieldId, failure instanceof ApiFailure ? failureLines(failure, t).join(' ') : t('sign.attachments.uploadFailed'));
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(fieldId);
        return next;
      });
    }
  };

  return <AttachmentUploadsContext.Provider value={{ choose, uploaded, errors, busy }}>{children}</AttachmentUploadsContext.Provider>;
}

export const formatSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

const labelOf = (field: SigningField, { t }: Translation): string => fieldLabel(field, typeNamesOf(t));

/** A hidden file input; buttons open it, and tests fill it. */
function FilePicker({ testId, onFile }: { testId: string; onFile: (file: File | undefined) => void }) {
  return (
    <input
      type="file"
      accept={ACCEPT}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={(event) => {
        onFile(event.target.files?.[0]);
        event.target.value = '';
      }}
    />
  );
}

const PaperClip = () => (
  <svg className="field-attachment-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d="M10.5 4.5 5.6 9.4a1.3 1.3 0 0 0 1.8 1.8l5-5a2.6 2.6 0 0 0-3.7-3.7l-5 5a3.9 3.9 0 0 0 5.5 5.5l4.2-4.2" />
  </svg>
);

interface AttachmentFieldProps {
  field: SigningField;
  /** The control's id: "Next field" and the field's label point at it. */
  id: string;
  testId: string;
  readOnly: boolean;
  invalid: boolean;
  /** The attachment_id, or '' when no file is attached. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * The box of an attachment field on the page: a button that opens the file picker, showing the
 * field's label until a file is attached, then the file's name. The chosen file is uploaded at once.
 */
export function AttachmentField({ field, id, testId, readOnly, invalid, value, onChange }: AttachmentFieldProps) {
  const { choose, uploaded, errors, busy } = useUploads();
  const translation = useTranslation();
  const picker = useRef<HTMLSpanElement>(null);
  const attached = value ? uploaded.get(value) : undefined;
  const working = busy.has(field.field_id);
  const failed = Boolean(errors[field.field_id]);
  return (
    <>
      {/* A button takes no aria-required/aria-invalid: the field's label says "(required)", the list below the documents the rest. */}
      <button
        type="button"
        id={id}
        data-testid={testId}
        className={`field-attachment-button${invalid || failed ? ' field-attachment-invalid' : ''}`}
        aria-busy={working || undefined}
        disabled={readOnly || working}
        onClick={() => picker.current?.querySelector('input')?.click()}
      >
        <PaperClip />
        <span className="field-attachment-text">
          {working ? translation.t('sign.attachments.uploading') : attached ? attached.name : labelOf(field, translation)}
        </span>
      </button>
      <span ref={picker}>
        <FilePicker testId={`${testId}-input`} onFile={(file) => void choose(field.field_id, file, onChange)} />
      </span>
    </>
  );
}

interface AttachmentListProps {
  fields: SigningField[];
  values: Readonly<Record<string, string>>;
  onChange: (fieldId: string, value: string) => void;
}

/** One attachment field in the list: the file's name and size with Replace and Remove, or a button to choose one; errors. */
function AttachmentRow({ field, value, onChange }: { field: SigningField; value: string; onChange: (value: string) => void }) {
  const { choose, uploaded, errors, busy } = useUploads();
  const translation = useTranslation();
  const { t } = translation;
  const picker = useRef<HTMLSpanElement>(null);
  const label = labelOf(field, translation);
  const attached = value ? uploaded.get(value) : undefined;
  const working = busy.has(field.field_id);
  const error = errors[field.field_id];
  const testId = `attachment-${field.placeholder ?? field.field_id}`;
  const open = () => picker.current?.querySelector('input')?.click();
  return (
    <li className="attachment-row" data-testid={testId}>
      <span className="attachment-label">
        {label}
        {field.required ? <span className="attachment-required">{t('sign.fields.required')}</span> : null}
      </span>
      {attached ? (
        <span className="attachment-file" data-testid={`${testId}-status`}>
          <span className="attachment-name">{attached.name}</span> · {formatSize(attached.size)}
        </span>
      ) : (
        <span className="attachment-file attachment-none">{working ? t('sign.attachments.uploading') : t('sign.attachments.noFile')}</span>
      )}
      <span className="attachment-actions">
        <button type="button" className="attachment-action" disabled={working || !field.editable} onClick={open}>
          {attached ? t('sign.attachments.replace') : t('sign.attachments.choose')}
          <span className="visually-hidden"> {t('sign.attachments.forField', { label })}</span>
        </button>
        {attached ? (
          <button type="button" className="attachment-action" disabled={working} onClick={() => onChange('')}>
            {t('sign.attachments.remove')}
            <span className="visually-hidden"> {attached.name}</span>
          </button>
        ) : null}
      </span>
      <span ref={picker}>
        <FilePicker testId={`${testId}-input`} onFile={(file) => void choose(field.field_id, file, onChange)} />
      </span>
      {error ? (
        <p className="attachment-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The signer's attachment fields under the documents: what is attached, and how to change it. PDF, PNG or JPEG, 10 MB. */
export function AttachmentList({ fields, values, onChange }: AttachmentListProps) {
  const { t } = useTranslation();
  const attachments = fields.filter((field) => field.type === 'attachment');
  if (attachments.length === 0) return null;
  return (
    <section className="attachment-list" aria-labelledby="attachment-list-title">
      <h2 id="attachment-list-title">{t('sign.attachments.title')}</h2>
      <p className="attachment-hint">{t('sign.attachments.hint')}</p>
      <ul>
        {attachments.map((field) => (
          <AttachmentRow
            key={field.field_id}
            field={field}
            value={values[field.field_id] ?? ''}
            onChange={(value) => onChange(field.field_id, value)}
          />
        ))}
      </ul>
    </section>
  );
}
