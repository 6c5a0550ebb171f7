import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadImage } from './upload-image';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('uploadImage', () => {
  it('posts the file as multipart field "file" with the session CSRF token and returns the /media URL', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/me')
        ? json(200, { user: 'mia', role: 'editor', csrfToken: 'tok' })
        : json(201, { url: '/media/abc.png', type: 'image/png', bytes: 3 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = new File([new Uint8Array([1, 2, 3])], 'banner.png', { type: 'image/png' });
    expect(await uploadImage(file)).toBe('/media/abc.png');
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/admin/api/media');
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it("passes the server's refusal on (wrong type, too big)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/me')
          ? json(200, { csrfToken: 't' })
          : json(415, { error: { status: 415, message: 'file: only PNG, JPEG or WebP images' } }),
      ),
    );
    await expect(uploadImage(new File(['x'], 'a.png'))).rejects.toThrow('file: only PNG, JPEG or WebP images');
  });

  it('refuses an answer that is not a /media URL', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/me') ? json(200, { csrfToken: 't' }) : json(201, { url: 'https://evil.example/x.png' }),
      ),
    );
    await expect(uploadImage(new File(['x'], 'a.png'))).rejects.toThrow('did not answer an image URL');
  });
});
