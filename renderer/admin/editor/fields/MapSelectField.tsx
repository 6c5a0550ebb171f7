/**
 * A value that names an entry of a map document: a navigate target (route map paths) or an endpoint (API map
 * names). A value missing from the map stays selectable and is called out, so opening a form never changes it.
 */
import type { FieldProps } from '@rjsf/utils';
import type { FormCtx } from './form-context';
import { endpointOptions, routeOptions } from './map-options';

export default function MapSelectField(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, schema, readonly, disabled, required } = props;
  const ctx = (registry.formContext as FormCtx).editor;
  const routes = schema['x-editor'] === 'route-path';
  const options = routes ? routeOptions(ctx.routeMap) : endpointOptions(ctx.apiMap);
  const value = typeof formData === 'string' ? formData : '';
  const unknown = value && !options.some((o) => o.value === value);
  const id = fieldPathId.$id;
  return (
    <div className="editor-mapselect">
      <select
        id={id}
        value={value}
        disabled={readonly || disabled}
        aria-describedby={unknown ? `${id}__unknown` : undefined}
        onChange={(e) => onChange(e.target.value || undefined, fieldPathId.path)}
      >
        {(!required || !value) && <option value="">{routes ? 'No route' : 'No endpoint'}</option>}
        {unknown && <option value={value}>{value} (not in the map)</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} title={o.hint}>
            {o.hint ? `${o.value} — ${o.hint.length > 60 ? `${o.hint.slice(0, 59)}…` : o.hint}` : o.value}
          </option>
        ))}
      </select>
      {unknown && (
        <p id={`${id}__unknown`} className="editor-field__warning">
          {value} is not in the {routes ? 'route' : 'API'} map.
        </p>
      )}
    </div>
  );
}
