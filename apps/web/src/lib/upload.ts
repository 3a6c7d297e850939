import type { ApiErrorBody, Locale } from '@verba/contracts';
import type { z } from 'zod';
import { ApiError, apiClientConfig, classifyFailure, type GlobalAction } from './api-client.ts';

export type FormValue = string | number | boolean | File | readonly (string | number | File)[];

export interface UploadOptions {
  /** Called with the bytes sent so far and the total. */
  onProgress?: (loaded: number, total: number) => void;
  /** Statuses the caller handles itself (422 and 413 for the task form). */
  handles?: readonly number[];
  signal?: AbortSignal;
}

export interface UploadDeps {
  createXhr: () => XMLHttpRequest;
  token: () => string | null;
  locale: () => Locale;
  onFailure: (action: GlobalAction) => void;
}

export function buildFormData(fields: Record<string, FormValue | undefined | null>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as (string | number | File)[])
        data.append(`${key}[]`, item instanceof File ? item : String(item));
    } else if (value instanceof File) data.append(key, value);
    else data.append(key, String(value));
  }
  return data;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof value === 'object' && value !== null && 'message' in value;

/**
 * A multipart POST through XMLHttpRequest (fetch has no upload progress): the same Bearer token,
 * `lang` and global failure table as `apiRequest`. `R` is the route's reply `data` schema, as in `api`.
 */
export function uploadRequest<R extends z.ZodType>(
  path: string,
  body: FormData,
  options: UploadOptions = {},
  deps: UploadDeps = defaultDeps,
): Promise<z.output<R>> {
  return new Promise<z.output<R>>((resolve, reject) => {
    const xhr = deps.createXhr();
    const locale = deps.locale();
    xhr.open('POST', `/api${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(locale)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept-Language', locale);
    const token = deps.token();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    const fail = (status: number | null, errorBody: ApiErrorBody | null) => {
      const error = new ApiError(status, errorBody);
      if (status === null || !options.handles?.includes(status))
        deps.onFailure(classifyFailure(status, errorBody));
      reject(error);
    };

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      const parsed = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((parsed as { data: z.output<R> } | null)?.data as z.output<R>);
        return;
      }
      fail(xhr.status, isErrorBody(parsed) ? parsed : null);
    };
    xhr.onerror = () => fail(null, null);
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

const defaultDeps: UploadDeps = {
  createXhr: () => new XMLHttpRequest(),
  token: () => apiClientConfig().getToken(),
  locale: () => apiClientConfig().getLocale(),
  onFailure: (action) => apiClientConfig().onFailure(action),
};

/** Per-file progress (0–100) from the bytes sent of one multipart body holding the files in order. */
export function perFileProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  // The body also carries boundaries and fields: spread that overhead evenly.
  const overhead = Math.max(0, total - sum) / Math.max(1, sizes.length + 1);
  let offset = overhead;
  return sizes.map((size) => {
    const start = offset;
    const end = start + size + overhead;
    offset = end;
    if (loaded >= end || (total > 0 && loaded >= total)) return 100;
    if (loaded <= start) return 0;
    return Math.round(((loaded - start) / (end - start)) * 100);
  });
}
