/** A JSON diff (RFC 6902 operations) as a readable list: what was added, removed or replaced where. */
import type { AuditRow } from './admin-types';

type Op = NonNullable<AuditRow['diff']>[number];

const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s && s.length > 160 ? `${s.slice(0, 157)}…` : s;
};

export default function PatchList({ ops, label }: { ops: Op[]; label: string }) {
  if (!ops.length) return <p>No differences.</p>;
  return (
    <ul aria-label={label} className="patch">
      {ops.map((o, i) => (
        <li key={i} className={`op-${o.op}`}>
          <strong>{o.op}</strong> <code>{o.path || '/'}</code>
          {'value' in o && o.value !== undefined && <> → <code>{show(o.value)}</code></>}
          {'from' in o && <> from <code>{o.from}</code></>}
        </li>
      ))}
    </ul>
  );
}
