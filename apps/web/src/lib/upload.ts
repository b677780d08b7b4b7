import { ApiError } from './http';
import { readToken } from './storage';

const API_BASE = '/api';

export type UploadProgress = { loaded: number; total: number };

function parseError(xhr: XMLHttpRequest): ApiError {
  let message = `Upload failed (${xhr.status}${xhr.statusText ? ` ${xhr.statusText}` : ''})`;
  let code: string | undefined;
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (typeof body === 'object' && body !== null) {
      const { error, code: bodyCode } = body as { error?: unknown; code?: unknown };
      if (typeof error === 'string' && error) message = error;
      if (typeof bodyCode === 'string') code = bodyCode;
    }
  } catch {
    // Not JSON (a proxy's error page): keep the generic message.
  }
  return new ApiError(xhr.status, message, code);
}

/**
 * Posts files as multipart/form-data. XMLHttpRequest rather than fetch because only it reports upload
 * progress. Same rules as `request`: bearer header, any 2xx is success, other statuses throw an ApiError.
 */
export function uploadFiles<T>(
  path: string,
  field: string,
  files: readonly File[],
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append(field, file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status <= 299) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new ApiError(xhr.status, 'The server sent an answer that could not be read.'));
        }
        return;
      }
      reject(parseError(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Could not reach the server. Check your connection and try again.', 'NETWORK_ERROR'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    xhr.send(form);
  });
}
