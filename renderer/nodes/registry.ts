import type { WidgetRegistry } from '../runtime/contract';
import { lazyWidget } from './lazy-widget';
import { warmApiClient } from '../api/lazy-api-client';
import { warmBridge } from '../bridge/lazy-bridge';
import { Button } from './Button';
import { Card } from './Card';
import { Image } from './Image';
import { Link } from './Link';
import { List } from './List';
import { Page } from './Page';
import { Row } from './Row';
import { Stack } from './Stack';
import { Tag } from './Tag';
import { Text } from './Text';
// Styles come from main.tsx (its glob of nodes/*.css): this table also runs on the server, which renders static screens.

/**
 * Node type → widget. A node type without a widget fails to compile.
 * What nearly every screen draws is in the first chunk; the rest (fields, forms, tabs, modals,
 * heavy or rare widgets) are chunks of their own, preloaded for the screen that needs them.
 */
export const registry: WidgetRegistry = {
  'amount-field': lazyWidget(() => import('./AmountField')),
  'bank-card-field': lazyWidget(() => import('./BankCardField')),
  button: Button,
  // It builds its image's URL while drawing (runtime.api.url): the API client's code comes with it.
  'captcha-image': lazyWidget(() => Promise.all([import('./CaptchaImage'), warmApiClient()]).then(([m]) => m)),
  card: Card,
  checkbox: lazyWidget(() => import('./Checkbox')),
  'choice-list': lazyWidget(() => import('./ChoiceList')),
  collapse: lazyWidget(() => import('./Collapse')),
  countdown: lazyWidget(() => import('./Countdown')),
  'detail-lines': lazyWidget(() => import('./DetailLines')),
  divider: lazyWidget(() => import('./Divider')),
  // It asks the native shell what it provides (runtime.bridge.provides): the bridge's code comes with it.
  'embedded-page': lazyWidget(() => Promise.all([import('./EmbeddedPage'), warmBridge()]).then(([m]) => m)),
  form: lazyWidget(() => import('./Form')),
  'icon-grid': lazyWidget(() => import('./IconGrid')),
  image: Image,
  'image-upload': lazyWidget(() => import('./ImageUpload')),
  landmark: lazyWidget(() => import('./Landmark')),
  link: Link,
  list: List,
  modal: lazyWidget(() => import('./Modal')),
  page: Page,
  'phone-field': lazyWidget(() => import('./PhoneField')),
  'rich-document': lazyWidget(() => import('./RichDocument')),
  row: Row,
  select: lazyWidget(() => import('./Select')),
  'sms-code-field': lazyWidget(() => import('./SmsCodeField')),
  stack: Stack,
  'star-rating': lazyWidget(() => import('./StarRating')),
  tabs: lazyWidget(() => import('./Tabs')),
  tag: Tag,
  text: Text,
  textarea: lazyWidget(() => import('./Textarea')),
  'text-field': lazyWidget(() => import('./TextField')),
  'theme-scope': lazyWidget(() => import('./ThemeScope')),
};
