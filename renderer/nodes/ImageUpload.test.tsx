import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../schemas/generated/types';
import { renderNodes } from '../runtime/testing/render-nodes';
import { bundleTexts } from '../core/copy/copy-text';
import { textMessages } from '../../config-server/published/text-messages';
import complaint from '../../screens/pages/complaints/complain-page-next.json';
import ID from '../../screens/markets/ID.json';
import idTexts from '../../screens/texts/id-ID.json';

const png = (name: string) => new File(['x'], name, { type: 'image/png' });
const texts = {
  evidence: 'Evidence',
  'widget.imageUpload.add': 'Add picture',
  'widget.imageUpload.remove': 'Remove picture {n}',
  'widget.imageUpload.uploading': 'Uploading…',
  'widget.imageUpload.notImage': 'Pictures only',
  'widget.imageUpload.tooMany': 'At most {max} pictures',
  'widget.imageUpload.count': '{count}/{max}',
};

describe('image-upload', () => {
  it('uploads each picture at once, stores the returned URL and removes by a labelled button', async () => {
    let n = 0;
    const r = renderNodes(
      [
        {
          type: 'image-upload',
          bind: 'images',
          label: 'evidence',
          endpoint: 'uploadProblemImg',
          fileField: 'problemImage',
          max: 2,
        },
      ],
      { texts, api: { uploadProblemImg: () => ({ code: '00', data: { url: `https://img.example/${++n}.png` } }) } },
    );
    const input = (await screen.findByLabelText('Add picture')) as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    await userEvent.upload(input, [png('a.png')]);
    await screen.findByRole('button', { name: 'Remove picture 1' });
    expect(r.apiCalls[0]).toMatchObject({ endpoint: 'uploadProblemImg', upload: { field: 'problemImage' } });
    await userEvent.upload(input, [png('b.png')]);
    await screen.findByRole('button', { name: 'Remove picture 2' });
    expect(r.state().images).toEqual(['https://img.example/1.png', 'https://img.example/2.png']);
    // Full: the add control is gone.
    expect(screen.queryByLabelText('Add picture')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture 1' }));
    expect(r.state().images).toEqual(['https://img.example/2.png']);
  });

  it('refuses files that are not pictures and shows uploads in flight', async () => {
    let release!: () => void;
    const r = renderNodes([{ type: 'image-upload', bind: 'images', label: 'evidence', endpoint: 'up' }], {
      texts,
      api: { up: () => new Promise((res) => (release = () => res({ code: 0, data: { url: '/u/1.png' } }))) },
    });
    const input = (await screen.findByLabelText('Add picture')) as HTMLInputElement;
    await userEvent.upload(input, [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })], { applyAccept: false });
    expect(r.toasts.map((t) => t.message)).toEqual(['Pictures only']);
    expect(r.apiCalls).toHaveLength(0);
    await userEvent.upload(input, [png('a.png')]);
    expect(screen.getByText('Uploading…')).toBeTruthy();
    await act(async () => release());
    expect(screen.queryByText('Uploading…')).toBeNull();
    expect(r.state().images).toEqual(['/u/1.png']);
  });

  it('a failed upload keeps the list as it was', async () => {
    const r = renderNodes([{ type: 'image-upload', bind: 'images', label: 'evidence', endpoint: 'up' }], {
      texts,
      state: { images: ['/u/0.png'] },
      api: { up: { code: 500, message: 'too big' } },
    });
    await userEvent.upload(await screen.findByLabelText('Add picture'), [png('a.png')]);
    await act(async () => {});
    expect(r.state().images).toEqual(['/u/0.png']);
    expect(r.toasts.map((t) => t.message)).toEqual(['too big']);
  });
});

/** The complaint screen's own node that `match` picks. */
function nodeOf(match: (n: Record<string, unknown>) => boolean): Node {
  let found: Node | undefined;
  const walk = (v: unknown) => {
    if (found || !v || typeof v !== 'object') return;
    if (match(v as Record<string, unknown>)) found = v as Node;
    else Object.values(v).forEach(walk);
  };
  walk(complaint.body);
  return found!;
}

describe('image-upload in the complaint form', () => {
  // On a slow link a picture takes seconds to upload; a complaint sent meanwhile went without it, the borrower's
  // evidence lost while the screen said "sent".
  it('a complaint sent while a picture uploads waits for it, saying so, then goes with it', async () => {
    let finish!: () => void;
    const idBundle = bundleTexts({ textSet: idTexts, messages: textMessages(idTexts.texts) });
    const r = renderNodes([nodeOf((n) => n.id === 'complaint-form'), nodeOf((n) => n.label === 'common.send')], {
      texts: idBundle,
      market: ID as unknown as Record<string, unknown>,
      query: { orderNo: 'SB1001' },
      state: { ...complaint.state, problemType: 2 },
      api: {
        uploadProblemImg: async () => {
          await new Promise<void>((res) => (finish = res));
          return { code: '00', data: { url: 'https://img.example/bukti.png' } };
        },
        problemSave: { code: '00' },
      },
    });
    await userEvent.type(screen.getByRole('textbox'), 'Cicilan terpotong dua kali');
    await userEvent.upload(screen.getByLabelText('Tambah gambar'), [png('bukti.png')]);
    const send = screen.getByRole('button', { name: 'Kirim' });
    await userEvent.click(send);
    const saves = () => r.apiCalls.filter((c) => c.endpoint === 'problemSave');
    expect(saves()).toEqual([]);
    expect(r.toasts.map((t) => t.message)).toEqual([idBundle['widget.imageUpload.wait']]);
    expect((send as HTMLButtonElement).disabled).toBe(false);

    await act(async () => finish());
    await screen.findByRole('button', { name: 'Hapus gambar 1' });
    await userEvent.click(send);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].params).toMatchObject({ problemImage: 'https://img.example/bukti.png' });
  });
});
