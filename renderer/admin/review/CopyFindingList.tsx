/**
 * The copy QA findings of the ticked change set on the review page, per key and locale, so a reviewer sees what the
 * publish will refuse (errors) or ask to confirm (warnings) before pressing Publish. Severity in words, not colour.
 */
import { groupFindings, type CopyFinding } from '../copy/copy-findings';

interface Props {
  findings: CopyFinding[];
  /** Opens the copy table at this key. */
  keyHref?: (key: string) => string;
}

export default function CopyFindingList({ findings, keyHref }: Props) {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  return (
    <section aria-labelledby="review-copy-title" className={`card review-check review-check--${errors ? 'bad' : 'ok'}`}>
      <h3 id="review-copy-title">
        {findings.length
          ? `Copy checks of this change: ${errors} error(s), ${warnings} warning(s).${errors ? ' Errors must be fixed before publishing.' : ''}${warnings ? ' A warning new in this change is published only with a reason.' : ''}`
          : 'Copy checks of this change: no findings.'}
      </h3>
      {findings.length > 0 && (
        <ul aria-label="Copy findings" className="problem-list">
          {[...groupFindings(findings)].map(([key, byLocale]) => (
            <li key={key}>
              {keyHref ? (
                <a href={keyHref(key)}>
                  <code>{key}</code>
                </a>
              ) : (
                <code>{key}</code>
              )}
              <ul aria-label={`Findings for ${key}`}>
                {[...byLocale].map(([locale, list]) =>
                  list.map((f, i) => (
                    <li key={`${locale}${i}`}>
                      {locale}: <strong>{f.severity === 'error' ? 'Error' : 'Warning'}</strong> ({f.check}) {f.message}
                    </li>
                  )),
                )}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
