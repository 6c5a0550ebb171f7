/** The two arms of a release side by side: what the candidate did to its borrowers next to what the base did. */
import type { Release } from '../admin-types';
import { ARM_COLUMNS, figureText } from './release-format';

export default function ArmsTable({ release }: { release: Release }) {
  const rows = [
    ['Base (published before)', release.arms.base],
    ['Candidate (this release)', release.arms.candidate],
  ] as const;
  return (
    <table className="table release-arms">
      <caption>Arms of release {release.id}</caption>
      <thead>
        <tr>
          <th scope="col">Arm</th>
          {ARM_COLUMNS.map((c) => (
            <th key={c.id} scope="col">
              {c.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, arm]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            {ARM_COLUMNS.map((c) => (
              <td key={c.id}>{figureText(c.id, arm)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
