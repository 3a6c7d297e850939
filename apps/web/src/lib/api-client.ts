import { ERROR_CODES, type ApiErrorBody, type Locale } from '@verba/contracts';
import type { z } from 'zod';

/** What the app does with a failed response (spec part 2 §8, "Global response handling"). */
export type GlobalAction =
  | { type: 'connection-error' }
  | { type: 'bad-credentials'; message: string }
  | { type: 'inactive-user'; message: string }
  | { type: 'session-expired' }
  | { type: 'not-found'; message: string }
  | { type: 'validation'; messages: string[] }
  | { type: 'error'; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number | null,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? (status === null ? 'No response' : `HTTP ${status}`));
    this.name = 'ApiError';
  }

  get errorCode(): number | undefined {
    return this.body?.error_code;
  }

  /** First message of a field, as forms show it under the field. */
  fieldError(field: string): string | undefined {
    return this.body?.errors?.[field]?.[0];
  }
}

export function classifyFailure(status: number | null, body: ApiErrorBody | null): GlobalAction {
  const message = body?.message ?? '';
  if (status === null || status === 400) return { type: 'connection-error' };
  if (status === 401) {
    if (body?.error_code === ERROR_CODES.BAD_CREDENTIALS) return { type: 'bad-credentials', message };
    if (body?.error_code === ERROR_CODES.INACTIVE_USER) return { type: 'inactive-user', message };
    return { type: 'session-expired' };
  }
  if (status === 404) return { type: 'not-found', message };
  if (status === 422) {
    const messages = Object.values(body?.errors ?? {}).flat();
    return { type: 'validation', messages: messages.length ? messages : [message].filter(Boolean) };
  }
  if (status >= 500) return { type: 'connection-error' };
  return { type: 'error', message };
}

export interface ApiClientConfig {
  baseUrl: string;
  getToken: () => string | null;
  getLocale: () => Locale;
  onFailure: (action: GlobalAction) => void;
}

let config: ApiClientConfig = {
  baseUrl: '/api',
  getToken: () => null,
  getLocale: () => 'en',
  onFailure: () => undefined,
};

export function configureApiClient(next: Partial<ApiClientConfig>): void {
  config = { ...config, ...next };
}

/** The configured token, locale and failure table, for calls that cannot use `fetch` JSON (files). */
export const apiClientConfig = (): Readonly<ApiClientConfig> => config;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Statuses this call handles itself (e.g. 422 for a form that shows errors per field). */
  handles?: readonly number[];
  /** Error codes this call shows itself (the login form says "wrong credentials" inline). */
  handlesCodes?: readonly number[];
  /** Skip every global reaction: the caller deals with any failure (reports, logout). */
  quiet?: boolean;
  /** Skip the session-expired modal on 401 (background loads, logout). */
  silentUnauthorized?: boolean;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  params.set('lang', config.getLocale());
  return `${config.baseUrl}${path}?${params.toString()}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function shouldHandleGlobally(error: ApiError, options: RequestOptions): boolean {
  if (options.quiet) return false;
  if (error.status !== null && options.handles?.includes(error.status)) return false;
  if (error.errorCode !== undefined && options.handlesCodes?.includes(error.errorCode)) return false;
  if (error.status === 401 && options.silentUnauthorized && !error.errorCode) return false;
  return true;
}

/** Every call to the API goes through here: Bearer token, `lang`, and the global failure table. */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': config.getLocale(),
  };
  const token = config.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError(null, null);
    if (shouldHandleGlobally(error, options)) config.onFailure(classifyFailure(null, null));
    throw error;
  }

  const body = await readBody(response);
  if (response.ok) return (body as { data: T } | null)?.data as T;

  const error = new ApiError(response.status, isErrorBody(body) ? body : null);
  if (shouldHandleGlobally(error, options)) config.onFailure(classifyFailure(error.status, error.body));
  throw error;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'message' in value;
}

/**
 * What a body schema accepts (`z.input`). A `z.preprocess` body (it takes anything first) is read by
 * the schema its value then meets.
 */
export type BodyOf<B extends z.ZodType> =
  B extends z.ZodPipe<z.ZodTransform, infer Checked> ? z.input<Checked> : z.input<B>;

/**
 * A call names the contracts schemas its route declares (ADR 0029): `R`, the reply's `data`, read as
 * it travels (`z.output`); `B`, the body, as the route accepts it (`BodyOf`). A call with a body
 * must name its schema: without one, the body can only be `undefined`.
 */
export const api = {
  get: <R extends z.ZodType>(path: string, options?: RequestOptions) =>
    apiRequest<z.output<R>>('GET', path, options),
  post: <R extends z.ZodType, B extends z.ZodType = z.ZodUndefined>(
    path: string,
    body?: BodyOf<B>,
    options?: RequestOptions,
  ) => apiRequest<z.output<R>>('POST', path, { ...options, body }),
  put: <R extends z.ZodType, B extends z.ZodType = z.ZodUndefined>(
    path: string,
    body?: BodyOf<B>,
    options?: RequestOptions,
  ) => apiRequest<z.output<R>>('PUT', path, { ...options, body }),
  delete: <R extends z.ZodType>(path: string, options?: RequestOptions) =>
    apiRequest<z.output<R>>('DELETE', path, options),
};

/** The `data` schema of a whole reply schema (`dataReply(x)` gives `x`). */
export type DataOf<R extends z.ZodObject<{ data: z.ZodType }>> = R['shape']['data'];
