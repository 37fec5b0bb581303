/** A multipart body for `app.inject`: text fields plus files, encoded the way a browser does. */
export async function multipartBody(
  fields: Record<string, string>,
  files: Record<string, { body: Buffer; type: string; name?: string }> = {},
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.body)], { type: file.type }), file.name ?? 'upload');
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
