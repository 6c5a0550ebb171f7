/** What /admin shows while no ops account exists: the one command that creates the first, instead of a login that cannot succeed. */
import { useState } from 'react';

export default function FirstAccountHelp({
  command,
  onCheckAgain,
}: {
  command: string;
  onCheckAgain(): Promise<void>;
}) {
  const [checking, setChecking] = useState(false);
  return (
    <section
      aria-labelledby="first-account-title"
      style={{ maxWidth: 640, margin: '4rem auto', padding: '0 1rem', lineHeight: 1.5 }}
    >
      <h1 id="first-account-title">Ops console: create the first account</h1>
      <p>
        No ops account exists yet, so nobody can log in. On the machine that runs the server, in the project folder,
        run:
      </p>
      <pre
        style={{
          background: '#f3f4f6',
          color: '#111827',
          padding: '0.75rem',
          borderRadius: 6,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <code>{command}</code>
      </pre>
      <p>
        Choose your own password: at least 12 characters, not a common one (the command says why it refuses one). Roles:{' '}
        <code>viewer</code> reads, <code>editor</code> drafts, <code>publisher</code> drafts and publishes. Then come
        back here and log in.
      </p>
      <button
        type="button"
        disabled={checking}
        onClick={() => {
          setChecking(true);
          void onCheckAgain().finally(() => setChecking(false));
        }}
      >
        I have created it: check again
      </button>
    </section>
  );
}
