import { useState } from 'react';
import { Modal } from '../../shared/Modal.js';

interface SecretDialogProps {
  title: string;
  /** What the secret is, in the list of values shown. */
  values: { label: string; value: string }[];
  onClose: () => void;
}

/** A secret the service shows this once and keeps only as a hash (or encrypted): copy it now. */
export function SecretDialog({ title, values, onClose }: SecretDialogProps) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (label: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(`${label} copied.`);
    } catch {
      setCopied('The browser did not allow copying: select the text and copy it.');
    }
  };
  return (
    <Modal title={title} onClose={onClose} testId="secret-dialog">
      <div className="notice notice-error" role="note">
        <p className="notice-text">This is the only time the secret is shown. Store it now in your secret manager.</p>
      </div>
      {values.map(({ label, value }) => (
        <div key={label} className="secret-row">
          <span className="input-label">{label}</span>
          <code className="mono hash secret-value" data-testid={`secret-${label.toLowerCase().replace(/\W+/g, '-')}`}>
            {value}
          </code>
          <button type="button" className="button button-secondary button-small" onClick={() => void copy(label, value)}>
            Copy {label.toLowerCase()}
          </button>
        </div>
      ))}
      <p role="status" className="hint">
        {copied}
      </p>
      <div className="modal-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          I have stored it
        </button>
      </div>
    </Modal>
  );
}
