/**
 * The market form's top level in sections people recognise (who the market is, language and
 * formats, lending figures, contact, publishing rules, limits, legal terms) instead of one long
 * column; nested objects keep rjsf's own template. A field no section names goes to "Other".
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

export const MARKET_SECTIONS: { title: string; fields: string[] }[] = [
  { title: 'Market', fields: ['kind', 'id', 'schemaVersion', 'name', 'description'] },
  { title: 'Language and formats', fields: ['textSet', 'languageType', 'currency', 'number', 'dateFormat', 'dateTimeFormat', 'shortDateFormat', 'shortTimeFormat'] },
  { title: 'Lending figures', fields: ['loanRange', 'approvalHours', 'salaryThreshold', 'userCount'] },
  { title: 'Contact and embedding', fields: ['servicePhone', 'serviceEmail', 'embedOrigins'] },
  { title: 'Publishing', fields: ['fourEyes'] },
  { title: 'Limits (business constants)', fields: ['limits'] },
  { title: 'Legal terms', fields: ['legal'] },
];

const Default = getDefaultRegistry().templates.ObjectFieldTemplate;

export function MarketObjectTemplate(props: ObjectFieldTemplateProps) {
  if (props.fieldPathId.$id !== 'root') return <Default {...props} />;
  const named = new Set(MARKET_SECTIONS.flatMap((s) => s.fields));
  const sections = [...MARKET_SECTIONS, { title: 'Other', fields: props.properties.map((p) => p.name).filter((n) => !named.has(n)) }];
  return (
    <div className="market-sections">
      {sections.map((s) => {
        const props_ = props.properties.filter((p) => s.fields.includes(p.name) && !p.hidden);
        if (!props_.length) return null;
        return (
          <section key={s.title} className="card market-section" aria-label={s.title}>
            <h3>{s.title}</h3>
            {props_.map((p) => p.content)}
          </section>
        );
      })}
    </div>
  );
}
