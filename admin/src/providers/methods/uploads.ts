import { apiSend } from '../httpClient';

/** What may be uploaded, under which rules (the server's policy per purpose). */
export type UploadPurpose = 'greeting_audio';

/** The file about to be sent. */
export interface UploadFileInfo {
  filename: string;
  type: string;
  size: number;
  purpose?: UploadPurpose;
}

/** POST /api/objects/upload: where and how to send the file, and the path to save afterwards. */
export interface UploadParameters {
  uploadURL: string;
  method: 'PUT';
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  /** `/objects/uploads/...`: what a setting stores (e.g. greeting_audio_url). */
  objectPath: string;
}

/** The data provider's upload method, composed into dataProvider. */
export const uploadMethods = {
  getUploadParameters: (file: UploadFileInfo): Promise<UploadParameters> => apiSend<UploadParameters>('POST', '/objects/upload', file),
};

export type UploadMethods = typeof uploadMethods;
