import { describe, expect, it, vi } from 'vitest';
import { ApiError, type GlobalAction } from './api-client.ts';
import type { z } from 'zod';
import { buildFormData, perFileProgress, uploadRequest, type UploadDeps } from './upload.ts';

class FakeXhr {
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  url = '';
  sent: unknown = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

function setup(token: string | null = 'tok') {
  const xhr = new FakeXhr();
  const failures: GlobalAction[] = [];
  const deps: UploadDeps = {
    createXhr: () => xhr as unknown as XMLHttpRequest,
    token: () => token,
    locale: () => 'es',
    onFailure: (action) => failures.push(action),
  };
  return { xhr, failures, deps };
}

describe('uploadRequest', () => {
  it('sends the Bearer token and lang, reports progress and resolves with data', async () => {
    const { xhr, deps } = setup();
    const onProgress = vi.fn();
    const promise = uploadRequest<z.ZodObject<{ id: z.ZodNumber }>>(
      '/tasks/store-as-draft',
      new FormData(),
      { onProgress },
      deps,
    );
    expect(xhr.url).toBe('/api/tasks/store-as-draft?lang=es');
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
    expect(onProgress).toHaveBeenCalledWith(50, 100);
    xhr.respond(201, { data: { id: 7 } });
    await expect(promise).resolves.toEqual({ id: 7 });
  });

  it('omits the Authorization header without a session', () => {
    const { xhr, deps } = setup(null);
    void uploadRequest('/x', new FormData(), {}, deps).catch(() => undefined);
    expect(xhr.headers.Authorization).toBeUndefined();
  });

  it('keeps a handled 422 for the form, with its field errors', async () => {
    const { xhr, failures, deps } = setup();
    const promise = uploadRequest('/x', new FormData(), { handles: [422] }, deps);
    xhr.respond(422, {
      message: 'Invalid',
      errors: { files: ['Cannot provide the same name: a.txt is already in the task.'] },
    });
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldError('files')).toContain('same name');
    expect(failures).toEqual([]);
  });

  it('maps unhandled failures through the global table like apiRequest', async () => {
    const { xhr, failures, deps } = setup();
    const expired = uploadRequest('/x', new FormData(), {}, deps);
    xhr.respond(401, { message: 'Unauthenticated' });
    await expect(expired).rejects.toBeInstanceOf(ApiError);
    expect(failures[0]).toEqual({ type: 'session-expired' });

    const second = setup();
    const server = uploadRequest('/x', new FormData(), {}, second.deps);
    second.xhr.respond(500, undefined);
    await expect(server).rejects.toMatchObject({ status: 500 });
    expect(second.failures[0]).toEqual({ type: 'connection-error' });

    const third = setup();
    const offline = uploadRequest('/x', new FormData(), {}, third.deps);
    third.xhr.onerror?.();
    await expect(offline).rejects.toMatchObject({ status: null });
    expect(third.failures[0]).toEqual({ type: 'connection-error' });
  });

  it('treats 413 as handled when asked', async () => {
    const { xhr, failures, deps } = setup();
    const promise = uploadRequest('/x', new FormData(), { handles: [413, 422] }, deps);
    xhr.respond(413, { message: 'Too large' });
    await expect(promise).rejects.toMatchObject({ status: 413 });
    expect(failures).toEqual([]);
  });
});

describe('perFileProgress', () => {
  it('fills files in order as the body is sent', () => {
    const sizes = [100, 300];
    expect(perFileProgress(sizes, 0, 400)).toEqual([0, 0]);
    expect(perFileProgress(sizes, 50, 400)).toEqual([50, 0]);
    expect(perFileProgress(sizes, 100, 400)).toEqual([100, 0]);
    expect(perFileProgress(sizes, 250, 400)).toEqual([100, 50]);
    expect(perFileProgress(sizes, 400, 400)).toEqual([100, 100]);
  });

  it('spreads the multipart overhead and ends at 100', () => {
    const progress = perFileProgress([100, 100], 250, 330);
    expect(progress[0]).toBe(100);
    expect(progress[1]).toBeGreaterThan(0);
    expect(progress[1]).toBeLessThan(100);
    expect(perFileProgress([100, 100], 330, 330)).toEqual([100, 100]);
  });
});

describe('buildFormData', () => {
  it('appends arrays with [] and skips empty values', () => {
    const data = buildFormData({ description: 'x', target_languages: [3, 4], comments: undefined });
    expect(data.getAll('target_languages[]')).toEqual(['3', '4']);
    expect(data.get('description')).toBe('x');
    expect(data.has('comments')).toBe(false);
  });
});
