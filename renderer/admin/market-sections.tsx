/**
 * The market form's top level in sections people recognise (who the market is, language and
 * formats, lending figures, contact, publishing rules, limits, legal terms) instead of one long
 * column; nested objects keep rjsf's own template. A field no section names goes to "Other".
 */
import { getDefaultRegistry } from '@rjsf/core';
import {
  ADDITIONAL_PROPERTY_FLAG,
  buttonId,
  TranslatableString,
  type ObjectFieldTemplateProps,
  type WrapIfAdditionalTemplateProps,
} from '@rjsf/utils';

export const MARKET_SECTIONS: { title: string; fields: string[] }[] = [
  { title: 'Market', fields: ['kind', 'id', 'schemaVersion', 'name', 'description'] },
  {
    title: 'Language and formats',
    fields: [
      'textSet',
      'languageType',
      'currency',
      'number',
      'termUnits',
      'dateFormat',
      'dateTimeFormat',
      'shortDateFormat',
      'shortTimeFormat',
      'timeZone',
    ],
  },
  { title: 'Lending figures', fields: ['loanRange', 'approvalHours', 'salaryThreshold', 'userCount'] },
  { title: 'Contact and embedding', fields: ['servicePhone', 'serviceEmail', 'embedOrigins'] },
  { title: 'Publishing', fields: ['fourEyes'] },
  { title: 'Offline (service worker off switch)', fields: ['offline'] },
  { title: 'Limits (business constants)', fields: ['limits'] },
  { title: 'Legal terms', fields: ['legal'] },
];

const Default = getDefaultRegistry().templates.ObjectFieldTemplate;

export function MarketObjectTemplate(props: ObjectFieldTemplateProps) {
  if (props.fieldPathId.$id !== 'root') return <Default {...props} />;
  const named = new Set(MARKET_SECTIONS.flatMap((s) => s.fields));
  const sections = [
    ...MARKET_SECTIONS,
    { title: 'Other', fields: props.properties.map((p) => p.name).filter((n) => !named.has(n)) },
  ];
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

/**
 * An entry of an open map (termUnits.codes: a backend's unit code → its words). rjsf's own template leaves the
 * key's input editable in a read-only form: a viewer could retype a code. Here the key follows the form's
 * read-only state, and its remove button shows only to those who may edit.
 */
export function MarketAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const {
    id,
    classNames,
    style,
    disabled,
    label,
    onKeyRenameBlur,
    onRemoveProperty,
    readonly,
    schema,
    children,
    uiSchema,
    registry,
    hideError,
    rawErrors,
  } = props;
  // rjsf's own class list: every field is a form-group, one with errors says so.
  const group = ['form-group', classNames, !hideError && rawErrors?.length ? 'has-error has-danger' : '']
    .filter(Boolean)
    .join(' ');
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) {
    return (
      <div className={group} style={style}>
        {children}
      </div>
    );
  }
  const { RemoveButton } = registry.templates.ButtonTemplates;
  const locked = disabled || readonly;
  return (
    <div className={`${group} market-additional`} style={style}>
      <label htmlFor={`${id}-key`}>{registry.translateString(TranslatableString.KeyLabel, [label])}</label>
      <input
        className="form-control"
        type="text"
        id={`${id}-key`}
        defaultValue={label}
        readOnly={locked}
        onBlur={locked ? undefined : onKeyRenameBlur}
      />
      {children}
      {!locked && (
        <RemoveButton
          id={buttonId(id, 'remove')}
          className="rjsf-object-property-remove"
          onClick={onRemoveProperty}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </div>
  );
}
