import type { UploadParameters } from '../../providers/methods/uploads';

/** A file picked in the dialog, as the caller sees it. */
export interface UploadButtonFile {
  id: string;
  /** The name after any edit in the metadata card. */
  name: string;
  type: string;
  size: number;
  meta: Record<string, unknown>;
}

/** A field of the per-file metadata card. */
export interface UploadMetaField {
  id: string;
  name: string;
  placeholder?: string;
}

export interface UploadedFile {
  name: string;
  type: string;
  size: number;
  /** `/objects/uploads/...`, what a setting saves. */
  objectPath: string;
}

export interface UploadCompleteResult {
  successful: UploadedFile[];
  failed: { name: string; error: string }[];
}

/** 5 MB (spec part 2 section 9). */
export const DEFAULT_MAX_FILE_SIZE = 5_242_880;

export interface UploadRestrictions {
  /** Default 1. */
  maxNumberOfFiles?: number;
  /** Bytes; default 5242880. */
  maxFileSize?: number;
  /** MIME types or extensions (`audio/mpeg`, `.wav`); default any. */
  allowedFileTypes?: string[];
  /** Fields of the metadata card; default the file name. */
  metaFields?: UploadMetaField[];
  /** Meta fields that must be filled before the upload starts. */
  requiredMetaFields?: string[];
  /** A line under the drop zone, e.g. "MP3 or WAV, up to 5 MB". */
  note?: string;
}

export interface UploadDialogProps extends UploadRestrictions {
  /** Where to send one file (usually dataProvider.getUploadParameters). */
  onGetUploadParameters: (file: UploadButtonFile) => Promise<UploadParameters>;
  /** Called once the batch is done; the dialog closes by itself when every file succeeded. */
  onComplete: (result: UploadCompleteResult) => void;
}
