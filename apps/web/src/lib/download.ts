import { ApiError, apiClientConfig, classifyFailure } from './api-client.ts';

function fileNameFrom(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

/** Fetches a file with the Bearer token (never in the URL) and saves it. */
export async function downloadFile(
  path: string,
  fallbackName: string,
  init: { method?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<void> {
  const { baseUrl, getToken, getLocale, onFailure } = apiClientConfig();
  const token = getToken();
  const locale = getLocale();
  const headers: Record<string, string> = { Accept: '*/*', 'Accept-Language': locale };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    const params = new URLSearchParams({ ...init.query, lang: locale });
    response = await fetch(`${baseUrl}${path}${path.includes('?') ? '&' : '?'}${params.toString()}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    onFailure(classifyFailure(null, null));
    throw new ApiError(null, null);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message: string } | null;
    onFailure(classifyFailure(response.status, body));
    throw new ApiError(response.status, body);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('Content-Disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
