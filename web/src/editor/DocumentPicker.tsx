import { useId, useRef, useState, type DragEvent } from 'react';
import { useT } from '../console/i18n.js';

interface DocumentPickerProps {
  onFiles: (files: File[]) => void;
  busy: boolean;
  label?: string;
}

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** A drop zone that is also a file chooser: drop PDFs on it, or press it and choose them. */
export function DocumentPicker({ onFiles, busy, label }: DocumentPickerProps) {
  const t = useT('editor');
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const hintId = useId();

  const take = (files: File[]) => {
    const pdfs = files.filter(isPdf);
    setRefused(pdfs.length < files.length ? t('documents.onlyPdf') : null);
    if (pdfs.length > 0) onFiles(pdfs);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    take(Array.from(event.dataTransfer.files));
  };

  return (
    <div
      className={`drop-zone${over ? ' drop-zone-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        onClick={() => inputRef.current?.click()}
        aria-describedby={hintId}
      >
        {busy ? t('documents.uploading') : (label ?? t('documents.add'))}
      </button>
      <p id={hintId} className="hint drop-zone-hint">
        {t('documents.dropHint')}
      </p>
      <input
        ref={inputRef}
        type="file"
        accept="application/pdf,.pdf"
        multiple
        hidden
        data-testid="file-input"
        onChange={(event) => {
          take(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      {refused && (
        <p className="form-error" role="alert">
          {refused}
        </p>
      )}
    </div>
  );
}
