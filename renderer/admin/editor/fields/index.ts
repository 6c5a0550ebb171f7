/** The fields the property forms register with @rjsf (by `ui:field` name, and the string field replaced). */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import ActionListField from './ActionListField';
import EditorSelectWidget from './EditorSelectWidget';
import EditorStringField from './EditorStringField';
import EndpointParamsField from './EndpointParamsField';
import HiddenField from './HiddenField';

export const editorFields: RegistryFieldsType = {
  StringField: EditorStringField,
  hidden: HiddenField,
  actionList: ActionListField,
  endpointParams: EndpointParamsField,
};

export const editorWidgets: RegistryWidgetsType = { SelectWidget: EditorSelectWidget };
