import { ATTACHMENT_SIZE_MESSAGE, ATTACHMENT_TYPE_MESSAGE, ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES } from '@warranty-crm/contract';

/** What may be uploaded for each purpose (spec part 2 sections 5 and 9; a ticket's evidence, issue 30). */
export const UPLOAD_PURPOSES = ['greeting_audio', 'ticket_attachment'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** What the server itself stores (StorageService.store): an upload's purposes, and an inbound e-mail's other files. */
export type StoredPurpose = UploadPurpose | 'email_attachment';
/** What POST /api/objects/upload may name; a ticket's evidence has its own route, which checks the ticket. */
export const PUBLIC_UPLOAD_PURPOSES = ['greeting_audio'] as const satisfies readonly UploadPurpose[];

/** 5 MB: the greeting audio limit and the upload button's default. */
export const MAX_GREETING_AUDIO_BYTES = 5_242_880;

interface UploadPolicy {
  maxBytes: number;
  /** Accepted content types, each with the file extensions that may carry it. */
  types: Record<string, readonly string[]>;
  typeMessage: string;
  sizeMessage: string;
}

const MP3 = ['.mp3'];
const WAV = ['.wav'];

const POLICIES: Record<UploadPurpose, UploadPolicy> = {
  greeting_audio: {
    maxBytes: MAX_GREETING_AUDIO_BYTES,
    // Browsers and systems name WAV several ways; all are the same file format.
    types: {
      'audio/mpeg': MP3,
      'audio/mp3': MP3,
      'audio/wav': WAV,
      'audio/x-wav': WAV,
      'audio/wave': WAV,
      'audio/vnd.wave': WAV,
    },
    typeMessage: 'Only MP3 or WAV audio files can be uploaded',
    sizeMessage: 'The audio file must be 5 MB (5242880 bytes) or smaller',
  },
  // A ticket's evidence: the bytes are checked again once they arrived (attachments module).
  ticket_attachment: {
    maxBytes: MAX_ATTACHMENT_BYTES,
    types: ATTACHMENT_TYPES,
    typeMessage: ATTACHMENT_TYPE_MESSAGE,
    sizeMessage: ATTACHMENT_SIZE_MESSAGE,
  },
};

export interface UploadRequest {
  purpose: UploadPurpose;
  filename: string;
  type: string;
  size: number;
}

/** Why an upload is refused (the field and its message), or null when its purpose's policy allows it. */
export function policyViolation({ purpose, filename, type, size }: UploadRequest): { field: string; message: string } | null {
  const policy = POLICIES[purpose];
  const extensions = policy.types[type.toLowerCase()];
  const extension = /\.[^.]+$/.exec(filename.toLowerCase())?.[0];
  if (!extensions || !extension || !extensions.includes(extension)) return { field: 'type', message: policy.typeMessage };
  if (size === 0) return { field: 'size', message: 'File data is empty' };
  if (size > policy.maxBytes) return { field: 'size', message: policy.sizeMessage };
  return null;
}

/** The type a stored file is served with when only its name is known (signed downloads). */
export function contentTypeOfName(name: string): string {
  const extension = /\.[^.]+$/.exec(name.toLowerCase())?.[0];
  if (extension === '.mp3') return 'audio/mpeg';
  if (extension === '.wav') return 'audio/wav';
  return 'application/octet-stream';
}

/**
 * A file name safe in a storage key and a URL path: the last path segment, letters, digits, dot,
 * dash and underscore only (runs of anything else become one dash), at most 100 characters with the
 * extension kept.
 */
export function safeFileName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .replace(/-+(\.[^.]*)?$/, '$1');
  if (!cleaned || cleaned.startsWith('.')) return `file${cleaned}`;
  if (cleaned.length <= 100) return cleaned;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(cleaned)?.[0] ?? '';
  return cleaned.slice(0, 100 - extension.length) + extension;
}
