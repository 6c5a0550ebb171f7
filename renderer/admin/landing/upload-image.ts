/**
 * Uploads one image to `POST /admin/api/media` and returns its same-origin URL. Multipart, so it does not go
 * through the console's JSON request helper; the CSRF token comes from `GET /admin/api/me` like any client's.
 * The server decides the type (by content) and the size limit; its refusal message is passed on as is.
 */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';

async function jsonOf(res: Response): Promise<Record<string, unknown> | null> {
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const messageOf = (status: number, body: Record<string, unknown> | null) => {
  const e = body?.error as { message?: unknown } | string | undefined;
  const m = typeof e === 'string' ? e : e?.message;
  return typeof m === 'string' && m ? m : `The server answered ${status}.`;
};

export async function uploadImage(file: File, base = '/admin/api'): Promise<string> {
  const me = await fetch(`${base}/me`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const who = await jsonOf(me);
  if (!me.ok) throw new Error(messageOf(me.status, who));
  const csrf = typeof who?.csrfToken === 'string' ? who.csrfToken : '';
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(`${base}/media`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-CSRF-Token': csrf },
  });
  const body = await jsonOf(res);
  if (!res.ok) throw new Error(messageOf(res.status, body));
  if (typeof body?.url !== 'string' || !body.url.startsWith('/media/'))
    throw new Error('The server did not answer an image URL.');
  return body.url;
}
