import { useState } from 'react';
import { FileDropZone } from '../shared/FileDropZone.js';
import { useT } from '../console/i18n.js';

interface DocumentPickerProps {
  onFiles: (files: File[]) => void;
  busy: boolean;
  label?: string;
}

/**
 * What the service takes as a document (docs/api/conversion.md): PDF, and Word, ODT, RTF, HTML, PNG and
 * JPEG, which it converts to PDF. The service reads each file's content; these only keep the chooser
 * and the drop zone to files it may take.
 */
const ACCEPTED_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-word.document.macroenabled.12',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'text/rtf',
  'text/html',
  'image/png',
  'image/jpeg',
];
const ACCEPTED_EXTENSIONS = ['.pdf', '.docx', '.docm', '.odt', '.rtf', '.html', '.htm', '.png', '.jpg', '.jpeg'];
const ACCEPT = [...ACCEPTED_TYPES, ...ACCEPTED_EXTENSIONS].join(',');

const isAccepted = (file: File) =>
  ACCEPTED_TYPES.includes(file.type.toLowerCase()) || ACCEPTED_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));

/** A drop zone that is also a file chooser: drop documents on it, or press it and choose them. */
export function DocumentPicker({ onFiles, busy, label }: DocumentPickerProps) {
  const t = useT('editor');
  const [refused, setRefused] = useState<string | null>(null);
  const take = (files: File[]) => {
    const accepted = files.filter(isAccepted);
    setRefused(accepted.length < files.length ? t('documents.unsupportedFile') : null);
    if (accepted.length > 0) onFiles(accepted);
  };
  return (
    <FileDropZone
      accept={ACCEPT}
      multiple
      busy={busy}
      buttonLabel={busy ? t('documents.uploading') : (label ?? t('documents.add'))}
      hint={t('documents.dropHint')}
      onFiles={take}
      zoneTestId="drop-zone"
      inputTestId="file-input"
    >
      {refused && (
        <p className="form-error" role="alert">
          {refused}
        </p>
      )}
    </FileDropZone>
  );
}
