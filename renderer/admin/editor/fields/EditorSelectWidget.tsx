/**
 * @rjsf's select, named when @rjsf draws it without a label: the "which kind" choice of a oneOf/anyOf value (a rich
 * document block is a paragraph, a heading or a list) comes with no <label>, which leaves the select unnamed for a
 * screen reader. Wrapping it in a label with the field's title names it.
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';

const Select = getDefaultRegistry().widgets.SelectWidget;

export default function EditorSelectWidget(props: WidgetProps) {
  if (!/__(one|any)of_select$/.test(props.name)) return <Select {...props} />;
  return (
    <label className="editor-kind">
      <span>{`${props.label || 'Kind'}: kind`}</span> <Select {...props} />
    </label>
  );
}
