import AwsS3 from '@uppy/aws-s3';
import Uppy, { type Meta, type UppyFile } from '@uppy/core';
import DashboardModal from '@uppy/react/dashboard-modal';
import { useEffect, useState } from 'react';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import type { UploadParameters } from '../../providers/methods/uploads';
import { DEFAULT_MAX_FILE_SIZE, type UploadDialogProps } from './types';
import { isRetryable, RETRY_DELAYS_MS, type UploadFailure, uploadErrorMessage } from './uploadErrors';

type Body = Record<string, never>;
type File = UppyFile<Meta, Body>;

/** The file's name after any edit in the metadata card. */
const nameOf = (file: File) => String(file.meta.name ?? file.name ?? '');

/** "Missing required meta field(s): {fields}" (spec part 2 section 5), for one field or several. */
const MISSING_META = 'Missing required meta field(s): %{fields}';

interface Props extends UploadDialogProps {
  onClose: () => void;
}

/**
 * The Uppy dialog (loaded lazily by UploadButton): drop hint, file list, add-more panel, metadata
 * card and status bar. Nothing uploads until the user presses Upload; each file goes straight to
 * storage with one PUT whose URL the caller supplies.
 */
export default function UploadDialog({
  maxNumberOfFiles = 1,
  maxFileSize = DEFAULT_MAX_FILE_SIZE,
  allowedFileTypes,
  metaFields = [{ id: 'name', name: 'Name', placeholder: 'file name' }],
  requiredMetaFields = [],
  note,
  onGetUploadParameters,
  onComplete,
  onClose,
}: Props) {
  const [uppy] = useState(() => createUppy({ maxNumberOfFiles, maxFileSize, allowedFileTypes, requiredMetaFields, onGetUploadParameters, onComplete }));
  useEffect(() => () => uppy.destroy(), [uppy]);

  return (
    <DashboardModal
      uppy={uppy}
      open
      onRequestClose={onClose}
      closeAfterFinish
      closeModalOnClickOutside={false}
      metaFields={metaFields}
      note={note ?? null}
      proudlyDisplayPoweredByUppy={false}
      locale={{ strings: { missingRequiredMetaFields: { 0: MISSING_META, 1: MISSING_META } } }}
    />
  );
}

type Options = Pick<Props, 'maxNumberOfFiles' | 'maxFileSize' | 'allowedFileTypes' | 'requiredMetaFields' | 'onGetUploadParameters' | 'onComplete'>;

function createUppy({ maxNumberOfFiles, maxFileSize, allowedFileTypes, requiredMetaFields, onGetUploadParameters, onComplete }: Options) {
  const uppy = new Uppy<Meta, Body>({
    autoProceed: false,
    // The dialog closes after a finished batch; a second batch would need it open again.
    allowMultipleUploadBatches: false,
    restrictions: { maxNumberOfFiles, maxFileSize, allowedFileTypes, requiredMetaFields },
  });
  const parameters = new Map<string, UploadParameters>();
  const attempts = new Map<string, number>();

  uppy.use(AwsS3<Meta, Body>, {
    // One PUT per file (multipart is for files over 100 MB, far above this widget's limits).
    shouldUseMultipart: false,
    // The "key" Uppy asks us to sign is the file's id: the caller's parameters name the real key.
    generateObjectKey: (file) => file.id,
    signRequest: async (request) => {
      const file = uppy.getFile(request.key);
      if (request.method !== 'PUT' || 'uploadId' in request || !file) throw new Error('Unknown error');
      let given: UploadParameters;
      try {
        given = await onGetUploadParameters({
          id: file.id,
          name: nameOf(file),
          type: file.type,
          size: file.size ?? 0,
          meta: file.meta,
        });
      } catch (error) {
        const { status, message } = error as { status?: number; message?: string };
        throw Object.assign(new Error(message || 'Unknown error'), { status, isUploadParametersError: true });
      }
      parameters.set(file.id, given);
      // The local storage driver answers a path on this server; Uppy needs an absolute URL.
      return { url: new URL(given.uploadURL, window.location.href).toString(), headers: given.headers, fields: given.fields };
    },
  });

  // Uppy has already recorded its own wording of the failure: replace it with the spec's text,
  // then try again when the status allows it, with a fresh URL after the next pause.
  uppy.on('upload-error', (file, error) => {
    if (!file) return;
    const failure = error as UploadFailure;
    const message = uploadErrorMessage(failure);
    if (uppy.getFile(file.id)) uppy.setFileState(file.id, { error: message });
    uppy.setState({ error: message });
    uppy.info({ message: uppy.i18n('failedToUpload', { file: nameOf(file) }), details: message }, 'error', 5000);

    const attempt = attempts.get(file.id) ?? 0;
    if (isRetryable(failure) && attempt < RETRY_DELAYS_MS.length) {
      attempts.set(file.id, attempt + 1);
      setTimeout(() => {
        if (uppy.getFile(file.id)) void uppy.retryUpload(file.id);
      }, RETRY_DELAYS_MS[attempt]);
    }
  });

  uppy.on('complete', (result) => {
    const successful = (result.successful ?? []).flatMap((file: File) => {
      const given = parameters.get(file.id);
      return given ? [{ name: nameOf(file), type: file.type, size: file.size ?? 0, objectPath: given.objectPath }] : [];
    });
    const failed = (result.failed ?? []).map((file: File) => ({ name: nameOf(file), error: String(file.error ?? 'Unknown error') }));
    onComplete({ successful, failed });
  });

  return uppy;
}
