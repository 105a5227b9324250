import { fileTypeFromBuffer } from 'file-type';
import { ATTACHMENT_TYPES, attachmentMismatchMessage, attachmentTypesAgree, MAX_ATTACHMENT_BYTES } from '@warranty-crm/contract';
import { AttachmentTooLargeError, AttachmentTypeMismatchError, AttachmentTypeNotAllowedError } from './attachments.errors.js';

/** How much of a file the type check reads: what file-type needs to tell every accepted kind apart (its `reasonableDetectionSizeInBytes`). */
export const HEAD_BYTES = 4100;

/** Thumbnails are this wide (smaller images keep their size), WebP. */
export const THUMBNAIL_WIDTH = 320;

/** The accepted content type the bytes are, or null when they are none of them (whatever the name says). */
export async function detectAttachmentType(head: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(head);
  return found && ATTACHMENT_TYPES[found.mime] ? found.mime : null;
}

/**
 * The type a file is stored and served as: detected from its bytes, and, when the client declared
 * a type, the same kind as that (a PNG renamed `.pdf` and declared a PDF is refused). `declared`
 * null (an e-mail's attachment, whose part type is often just application/octet-stream) leaves the
 * bytes alone to decide.
 */
export async function checkAttachmentBytes(file: { filename: string; declared: string | null; size: number; head: Buffer }): Promise<string> {
  if (file.size > MAX_ATTACHMENT_BYTES) throw new AttachmentTooLargeError();
  const detected = await detectAttachmentType(file.head);
  if (!detected) throw new AttachmentTypeNotAllowedError();
  if (file.declared !== null && !attachmentTypesAgree(file.declared, detected)) {
    throw new AttachmentTypeMismatchError(attachmentMismatchMessage(file.filename, file.declared, detected));
  }
  return detected;
}

/**
 * A WebP thumbnail THUMBNAIL_WIDTH pixels wide, turned upright by the photo's EXIF orientation.
 * Throws when the image cannot be decoded (a HEIC photo: the prebuilt libvips reads AVIF but not HEVC).
 */
export async function makeThumbnail(bytes: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp'); // loaded by the first thumbnail, not by every start
  return sharp(bytes, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
