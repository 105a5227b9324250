export { UploadButton, type UploadButtonProps } from './UploadButton';
export { DEFAULT_MAX_FILE_SIZE, type UploadButtonFile, type UploadCompleteResult, type UploadedFile, type UploadMetaField } from './types';
