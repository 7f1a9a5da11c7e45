import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import './attachment-field.css';
import { ApiFailure } from '../shared/api-failure.js';
import { failureLines } from './failure-text.js';
import { fieldLabel } from './field-label.js';
import type { SigningApi } from './signing-api.js';
import type { SigningField, UploadedAttachment } from './signing-types.js';

/** What the service takes (API.md §12): checked by its bytes there, by size here to spare a useless upload. */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
const MAX_BYTES = 10 * 1024 * 1024;

interface AttachmentUploads {
  upload: (file: File) => Promise<UploadedAttachment>;
  /** The files uploaded in this session, by attachment_id: a field's value names one of them. */
  uploaded: ReadonlyMap<string, UploadedAttachment>;
}

const AttachmentUploadsContext = createContext<AttachmentUploads | null>(null);

/** Lets every attachment field of the page upload through the signer's API, and remembers what was uploaded. */
export function AttachmentUploadsProvider({ api, children }: { api: SigningApi; children: ReactNode }) {
  const [uploaded, setUploaded] = useState<ReadonlyMap<string, UploadedAttachment>>(() => new Map());
  const upload = async (file: File) => {
    const attachment = await api.uploadAttachment(file);
    setUploaded((current) => new Map(current).set(attachment.attachment_id, attachment));
    return attachment;
  };
  return <AttachmentUploadsContext.Provider value={{ upload, uploaded }}>{children}</AttachmentUploadsContext.Provider>;
}

export const formatSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

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
 * An attachment field: a button on the page, named by the field's label, that opens the file
 * picker; the chosen file is uploaded at once and its attachment_id becomes the field's value.
 * Under the box: the file's name and size with Replace and Remove, or what went wrong.
 */
export function AttachmentField({ field, id, testId, readOnly, invalid, value, onChange }: AttachmentFieldProps) {
  const uploads = useContext(AttachmentUploadsContext);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = fieldLabel(field);
  const attached = value ? uploads?.uploaded.get(value) : undefined;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;

  const choose = async (file: File | undefined) => {
    if (!file || !uploads) return;
    if (file.size > MAX_BYTES) {
      setError(`"${file.name}" is larger than 10 MB.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onChange((await uploads.upload(file)).attachment_id);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failureLines(failure).join(' ') : 'The file could not be uploaded. Try again.');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const describedBy = [attached ? statusId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <>
      <button
        type="button"
        id={id}
        data-testid={testId}
        className="field-attachment-button"
        aria-required={field.required && !readOnly}
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        disabled={readOnly || busy}
        onClick={() => input.current?.click()}
      >
        <span className="field-attachment-text">{busy ? 'Uploading…' : attached ? attached.name : label}</span>
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${testId}-input`}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      {attached || error ? (
        <div className="field-attachment-details">
          {attached ? (
            <p id={statusId} className="field-attachment-status" data-testid={`${testId}-status`}>
              <span className="field-attachment-name">{attached.name}</span> · {formatSize(attached.size)}
              <button type="button" className="link-button" disabled={busy} onClick={() => input.current?.click()}>
                Replace<span className="visually-hidden"> {label}</span>
              </button>
              <button
                type="button"
                className="link-button"
                disabled={busy}
                onClick={() => {
                  onChange('');
                  document.getElementById(id)?.focus();
                }}
              >
                Remove<span className="visually-hidden"> {label}</span>
              </button>
            </p>
          ) : null}
          {error ? (
            <p id={errorId} className="field-attachment-error" role="alert" data-testid={`${testId}-error`}>
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
