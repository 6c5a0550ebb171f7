import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startHarness, type Harness } from './harness';

// Copy is data: editing the id-ID text set document changes the screen with no code change.
let h: Harness;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdui-screens-'));
  fs.cpSync('screens', dir, { recursive: true });
  const file = path.join(dir, 'texts/id-ID.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  doc.texts['complaint.myComplaints'] = 'Riwayat pengaduan saya';
  doc.texts['complaint.typesLabel'] = 'Apa masalah Anda?';
  fs.writeFileSync(file, JSON.stringify(doc, null, 2));
  h = await startHarness({ locale: 'id-ID', screensDir: dir });
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('complaint copy', () => {
  it('shows the edited id-ID labels', async () => {
    const { page } = await h.openScreen('/complaint');
    await page.getByRole('link', { name: 'Riwayat pengaduan saya' }).waitFor();
    await page.getByRole('radiogroup', { name: 'Apa masalah Anda?' }).waitFor();
    await page.context().close();
  });
});
