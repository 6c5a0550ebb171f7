import { t } from '../baseline/texts';
import { useVisibleMark } from '../baseline/use-visible-mark';

const SECTIONS = [
  'definitions',
  'purpose',
  'amount',
  'term',
  'prolongation',
  'interest',
  'penalties',
  'conditions',
  'repayment',
  'representations',
  'default',
  'indemnity',
  'disclosure',
  'setOff',
  'review',
  'notices',
  'entireAgreement',
  'assignment',
  'waiver',
  'governingLaw',
  'term2',
];

/** The loan terms page as a hand-written static page: heading, intro and the sections' copy from the text set. */
export function LoanTerms() {
  useVisibleMark(true);
  return (
    <main>
      <h1 className="bar">{t('legal.terms.heading')}</h1>
      <p>{t('legal.terms.intro')}</p>
      <ol>
        {SECTIONS.map((s) => (
          <li key={s}>
            <h3>{t(`legal.terms.${s}.h`)}</h3>
            <p>{t(`legal.terms.${s}.p`)}</p>
          </li>
        ))}
      </ol>
    </main>
  );
}
