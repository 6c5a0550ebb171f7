import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

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
