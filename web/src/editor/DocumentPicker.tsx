import { useId, useRef, useState, type DragEvent } from 'react';

interface DocumentPickerProps {
  onFiles: (files: File[]) => void;
  busy: boolean;
  label?: string;
}

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** A drop zone that is also a file chooser: drop PDFs on it, or press it and choose them. */
export function DocumentPicker({ onFiles, busy, label = 'Add PDF documents' }: DocumentPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const hintId = useId();

  const take = (files: File[]) => {
    const pdfs = files.filter(isPdf);
    setRefused(pdfs.length < files.length ? 'Only PDF files can be added.' : null);
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
        {busy ? 'Uploading…' : label}
      </button>
      <p id={hintId} className="hint drop-zone-hint">
        Or drop PDF files here. Up to 10 documents, 25 MB each.
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
