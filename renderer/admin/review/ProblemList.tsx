/** Validation problems of a would-be state, each with its file and JSON pointer, so an editor can go and fix it. */
import type { Problem } from '../admin-types';

interface Props {
  problems: Problem[];
  label: string;
}

export default function ProblemList({ problems, label }: Props) {
  return (
    <ul aria-label={label} className="problem-list">
      {problems.map((p, i) => (
        <li key={i}>
          <code>{p.file ?? '(document)'}</code> <code>{p.pointer}</code>
          {p.pointer === '' ? ' (whole document)' : ''}: {p.message}
        </li>
      ))}
    </ul>
  );
}
