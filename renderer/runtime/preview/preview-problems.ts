/**
 * A draft the frame cannot draw: the renderer's error (the app's `common.error` copy, as a screen that
 * does not load shows it) over the page, with what is wrong by pointer. Never a blank frame, never the last good
 * draft passed off as this one. No problems: the notice goes.
 */
export type Problem = { pointer: string; message: string };

const ID = 'sdui-preview-error';
const MAX_LISTED = 20;

export function showProblems(doc: Document, problems: Problem[], errorText: string): void {
  const old = doc.getElementById(ID);
  if (!problems.length) return old?.remove();
  const box = old ?? doc.body.appendChild(doc.createElement('div'));
  box.id = ID;
  box.setAttribute('role', 'alert');
  box.setAttribute('style', 'position:fixed;inset:0;z-index:2147483647;background:#fff;overflow:auto;padding:16px');
  const head = doc.createElement('p');
  head.className = 'sdui-screen-error';
  head.textContent = errorText;
  const list = doc.createElement('ul');
  for (const p of problems.slice(0, MAX_LISTED)) {
    const li = doc.createElement('li');
    li.textContent = `${p.pointer || '/'}: ${p.message}`;
    list.appendChild(li);
  }
  box.replaceChildren(head, list);
}
