/** The two arms of a release side by side: what the candidate did to its borrowers next to what the base did. */
import type { Release } from '../admin-types';
import { errorRateText, lcpText } from './release-format';

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
          <th scope="col">Page views</th>
          <th scope="col">Errors</th>
          <th scope="col">Error rate</th>
          <th scope="col">p75 LCP</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, arm]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{arm.pageViews.toLocaleString('en-GB')}</td>
            <td>{arm.errors.toLocaleString('en-GB')}</td>
            <td>{errorRateText(arm)}</td>
            <td>{lcpText(arm)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
