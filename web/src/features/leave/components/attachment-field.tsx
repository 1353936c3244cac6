import { useEffect, useId, useRef } from 'react';
import { MAX_ATTACHMENT_BYTES } from '@shared/schemas/leave';
import { ACCEPTED_FILES, attachmentProblem } from '../upload';

interface AttachmentFieldProps {
  file: File | null;
  error?: string;
  /** Changes when the form asks for a file: the field then takes the focus. */
  askedAt?: number;
  /** A file that may be attached, or null (none chosen, or one refused: `problem` says why). */
  onChange: (file: File | null, problem: string | null) => void;
}

const MB = MAX_ATTACHMENT_BYTES / 1024 / 1024;

/**
 * The optional attachment: a photo or scan of a certificate, or a PDF (a phone offers its camera or its
 * files; neither is forced). A file of another type or too large is refused at once, with its reason.
 */
export function AttachmentField({ file, error, askedAt = 0, onChange }: AttachmentFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (askedAt > 0) input.current?.focus();
  }, [askedAt]);
  const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  function chosen(picked: File | undefined) {
    if (!picked) return onChange(null, null);
    const problem = attachmentProblem(picked);
    // A refused file is not kept in the input: sending the form never uploads it.
    if (problem && input.current) input.current.value = '';
    onChange(problem ? null : picked, problem);
  }

  return (
    <div className="form-field">
      <label htmlFor={id}>Attachment (optional)</label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPTED_FILES}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => chosen(event.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="form-field-hint">
        A photo or scan of a certificate (JPEG, PNG, WebP, HEIC) or a PDF, at most {MB} MB.
        {file && ` Chosen: ${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB).`}
      </p>
      {error && (
        <p id={`${id}-error`} className="form-field-error">
          {error}
        </p>
      )}
      {file && (
        <button
          type="button"
          className="button button-secondary leave-remove-file"
          onClick={() => {
            if (input.current) input.current.value = '';
            onChange(null, null);
          }}
        >
          Remove the attachment
        </button>
      )}
    </div>
  );
}
