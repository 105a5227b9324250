/**
 * Claim evidence on a ticket (issue 30): which files may be attached, how large, how they are
 * tagged, and the messages both the upload button and the API give when a file is refused.
 */

/** 25 MB per file. */
export const MAX_ATTACHMENT_BYTES = 26_214_400;

export const ATTACHMENT_TAGS = ['receipt', 'damage', 'serial_plate', 'other'] as const;
export type AttachmentTag = (typeof ATTACHMENT_TAGS)[number];

export const ATTACHMENT_TAG_LABELS: Record<AttachmentTag, string> = {
  receipt: 'Receipt',
  damage: 'Damage',
  serial_plate: 'Serial plate',
  other: 'Other',
};

/** Where an attachment came from: the upload button, or a customer's e-mail. */
export const ATTACHMENT_SOURCES = ['upload', 'email'] as const;
export type AttachmentSource = (typeof ATTACHMENT_SOURCES)[number];

/**
 * The accepted content types, each with the extensions that may carry it: photos (JPEG, PNG, HEIC,
 * WebP), PDF receipts and short videos (MP4, QuickTime/MOV, WebM).
 */
export const ATTACHMENT_TYPES: Record<string, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg', '.jfif'],
  'image/png': ['.png'],
  'image/heic': ['.heic', '.heif'],
  'image/heif': ['.heic', '.heif'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
  'video/mp4': ['.mp4', '.m4v'],
  'video/quicktime': ['.mov', '.qt'],
  'video/webm': ['.webm'],
};

/** Every accepted extension, for a file picker's `accept`. */
export const ATTACHMENT_EXTENSIONS: readonly string[] = [...new Set(Object.values(ATTACHMENT_TYPES).flat())];

export const ATTACHMENT_TYPE_MESSAGE = 'Only photos (JPEG, PNG, HEIC, WebP), PDF files and videos (MP4, MOV, WebM) can be attached';
export const ATTACHMENT_SIZE_MESSAGE = 'The file must be 25 MB (26214400 bytes) or smaller';
export const ATTACHMENT_TAG_MESSAGE = `Tag must be one of: ${ATTACHMENT_TAGS.join(', ')}`;

/** What a type is called in a message ("a PNG image"). */
const KIND_NAMES: Record<string, string> = {
  'image/jpeg': 'a JPEG image',
  'image/png': 'a PNG image',
  'image/heic': 'a HEIC image',
  'image/heif': 'a HEIC image',
  'image/webp': 'a WebP image',
  'application/pdf': 'a PDF document',
  'video/mp4': 'an MP4 video',
  'video/quicktime': 'a MOV video',
  'video/webm': 'a WebM video',
};

export function attachmentKindName(contentType: string): string {
  return KIND_NAMES[contentType.toLowerCase()] ?? 'another kind of file';
}

/** The refusal when a file's bytes are not what its name and type say (a PNG renamed `.pdf`). */
export function attachmentMismatchMessage(filename: string, declared: string, detected: string): string {
  return `"${filename}" is ${attachmentKindName(detected)}, not ${attachmentKindName(declared)}: attach it under its real type`;
}

/** Families whose members are the same file format under different names (HEIC/HEIF, MP4/MOV). */
const FAMILY: Record<string, string> = {
  'image/heic': 'heic',
  'image/heif': 'heic',
  'video/mp4': 'iso-video',
  'video/quicktime': 'iso-video',
};

/** Whether bytes detected as `detected` may be what the client declared as `declared`. */
export function attachmentTypesAgree(declared: string, detected: string): boolean {
  const a = declared.toLowerCase();
  const b = detected.toLowerCase();
  return a === b || (FAMILY[a] !== undefined && FAMILY[a] === FAMILY[b]);
}

/** Whether a file with this name and declared type may be attached (by name and type only). */
export function attachmentTypeAllowed(filename: string, type: string): boolean {
  const extensions = ATTACHMENT_TYPES[type.toLowerCase()];
  const extension = /\.[^.]+$/.exec(filename.toLowerCase())?.[0];
  return !!extensions && !!extension && extensions.includes(extension);
}

export function isImageType(contentType: string): boolean {
  return contentType.toLowerCase().startsWith('image/');
}
