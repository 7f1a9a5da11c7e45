import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';

interface FileDropZoneProps {
  /** The chooser's `accept`: media types and extensions. */
  accept: string;
  multiple: boolean;
  busy: boolean;
  buttonLabel: string;
  hint: string;
  /** The files dropped or chosen (at least one). */
  onFiles: (files: File[]) => void;
  zoneTestId?: string;
  inputTestId: string;
  /** Shown under the hint: the file chosen, or why one was refused. */
  children?: ReactNode;
}

/** A drop zone that is also a file chooser: drop files on it, or press its button and choose them. */
export function FileDropZone({ accept, multiple, busy, buttonLabel, hint, onFiles, zoneTestId, inputTestId, children }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const take = (files: File[]) => {
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
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
      data-testid={zoneTestId}
    >
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        onClick={() => input.current?.click()}
        aria-describedby={hintId}
      >
        {buttonLabel}
      </button>
      <p id={hintId} className="hint drop-zone-hint">
        {hint}
      </p>
      {children}
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        data-testid={inputTestId}
        onChange={(event) => {
          take(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </div>
  );
}
