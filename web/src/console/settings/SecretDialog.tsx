import { useState } from 'react';
import { Modal } from '../../shared/Modal.js';
import { useT } from '../i18n.js';

interface SecretValue {
  /** Stable whatever the language: names the value for tests (`secret-<id>`). */
  id: string;
  /** What the secret is, in the list of values shown. */
  label: string;
  /** The copy button's words for it ("Copy client secret"). */
  copyLabel: string;
  value: string;
}

interface SecretDialogProps {
  title: string;
  values: SecretValue[];
  onClose: () => void;
}

/** A secret the service shows this once and keeps only as a hash (or encrypted): copy it now. */
export function SecretDialog({ title, values, onClose }: SecretDialogProps) {
  const t = useT('settings');
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async ({ label, value }: SecretValue) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(t('secret.copied', { label }));
    } catch {
      setCopied(t('secret.copyRefused'));
    }
  };
  return (
    <Modal title={title} onClose={onClose} testId="secret-dialog">
      <div className="notice notice-error" role="note">
        <p className="notice-text">{t('secret.onlyOnce')}</p>
      </div>
      {values.map((item) => (
        <div key={item.id} className="secret-row">
          <span className="input-label">{item.label}</span>
          <code className="mono hash secret-value" data-testid={`secret-${item.id}`}>
            {item.value}
          </code>
          <button type="button" className="button button-secondary button-small" onClick={() => void copy(item)}>
            {item.copyLabel}
          </button>
        </div>
      ))}
      <p role="status" className="hint">
        {copied}
      </p>
      <div className="modal-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('secret.stored')}
        </button>
      </div>
    </Modal>
  );
}
