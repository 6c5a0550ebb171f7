import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ID_TEXTS, openEditor } from './testing/editor-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const frame = () => screen.getByTitle(/^Canvas: the draft screen/);

describe('screen editor canvas and the console data', () => {
  it('keeps the same frame (what ops typed in the page) when the console data is reloaded with the same copy', async () => {
    const { reloadData } = openEditor();
    await screen.findByRole('tree', { name: 'Outline' });
    const before = frame();
    // A colleague's draft saved elsewhere: the console loads its data again, the copy as it was.
    reloadData();
    reloadData();
    expect(frame()).toBe(before);
  });

  it('loads the frame again when the copy itself changed, so it shows the new copy', async () => {
    const { reloadData } = openEditor();
    await screen.findByRole('tree', { name: 'Outline' });
    const before = frame();
    reloadData({ texts: { 'id-ID': { ...ID_TEXTS, 'brand.new': 'Baru' } } });
    expect(frame()).not.toBe(before);
  });
});
