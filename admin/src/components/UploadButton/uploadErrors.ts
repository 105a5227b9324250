/**
 * The upload widget's error texts and retry rules (spec part 2 sections 8 and 9), kept apart from
 * Uppy so they can be tested on their own.
 */

/** Pauses before each retry of a failed upload. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000];

/** An error of the upload: from asking for the upload parameters, or from the PUT to storage. */
export interface UploadFailure {
  /** HTTP status, when there was an answer. */
  status?: number;
  message?: string;
  name?: string;
  /** Set when asking for the upload parameters failed (before any byte was sent). */
  isUploadParametersError?: boolean;
}

function isTimeout(error: UploadFailure): boolean {
  return error.name === 'TimeoutError' || /timed? ?out/i.test(error.message ?? '');
}

/** What the widget shows for a failed upload. */
export function uploadErrorMessage(error: UploadFailure): string {
  if (error.status === 401) return 'Authorization required';
  // The app's own refusals (a type or size the server's policy forbids) say exactly what is wrong.
  if (error.isUploadParametersError) return error.message || 'Unknown error';
  if (error.status === 403 || isTimeout(error)) return 'Request has expired';
  if (error.status && (error.status < 200 || error.status >= 300)) return 'Non 2xx';
  return 'Unknown error';
}

/**
 * Whether a failed upload is tried again: 408, 409, 418, 423, 429 and 5xx except 501 and 505; an
 * expired URL (403 or timeout) too, with a fresh URL after a pause. Other 4xx are final.
 */
export function isRetryable(error: UploadFailure): boolean {
  const { status } = error;
  if (status === 401) return false;
  if (status === 403 || isTimeout(error)) return !error.isUploadParametersError;
  if (!status) return false;
  if ([408, 409, 418, 423, 429].includes(status)) return true;
  return status >= 500 && status !== 501 && status !== 505;
}
