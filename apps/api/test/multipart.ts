/** Builds a multipart body for app.inject from fields and in-memory files. */
export async function multipart(
  fields: Record<string, string | string[]>,
  files: Array<{ field?: string; name: string; content: string | Uint8Array }> = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  for (const file of files) form.append(file.field ?? 'file[]', new Blob([file.content]), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
