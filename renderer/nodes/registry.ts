import { lazy } from 'react';
import type { WidgetRegistry } from '../runtime/contract';
import { AmountField } from './AmountField';
import { BankCardField } from './BankCardField';
import { Button } from './Button';
import { CaptchaImage } from './CaptchaImage';
import { Card } from './Card';
import { Checkbox } from './Checkbox';
import { ChoiceList } from './ChoiceList';
import { Collapse } from './Collapse';
import { Countdown } from './Countdown';
import { DetailLines } from './DetailLines';
import { Divider } from './Divider';
import { Form } from './Form';
import { IconGrid } from './IconGrid';
import { Image } from './Image';
import { Link } from './Link';
import { List } from './List';
import { Modal } from './Modal';
import { Page } from './Page';
import { PhoneField } from './PhoneField';
import { Row } from './Row';
import { Select } from './Select';
import { SmsCodeField } from './SmsCodeField';
import { Stack } from './Stack';
import { StarRating } from './StarRating';
import { Tabs } from './Tabs';
import { Tag } from './Tag';
import { Text } from './Text';
import { Textarea } from './Textarea';
import { TextField } from './TextField';
import './widgets.css';

// Rarely used or heavy widgets load on demand so they stay out of the first chunk
// (RenderNode wraps every widget in Suspense).
const RichDocument = lazy(() => import('./RichDocument').then((m) => ({ default: m.RichDocument })));
const EmbeddedPage = lazy(() => import('./EmbeddedPage').then((m) => ({ default: m.EmbeddedPage })));
const ImageUpload = lazy(() => import('./ImageUpload').then((m) => ({ default: m.ImageUpload })));

/** Node type → widget. A node type without a widget fails to compile. */
export const registry: WidgetRegistry = {
  'amount-field': AmountField,
  'bank-card-field': BankCardField,
  button: Button,
  'captcha-image': CaptchaImage,
  card: Card,
  checkbox: Checkbox,
  'choice-list': ChoiceList,
  collapse: Collapse,
  countdown: Countdown,
  'detail-lines': DetailLines,
  divider: Divider,
  'embedded-page': EmbeddedPage,
  form: Form,
  'icon-grid': IconGrid,
  image: Image,
  'image-upload': ImageUpload,
  link: Link,
  list: List,
  modal: Modal,
  page: Page,
  'phone-field': PhoneField,
  'rich-document': RichDocument,
  row: Row,
  select: Select,
  'sms-code-field': SmsCodeField,
  stack: Stack,
  'star-rating': StarRating,
  tabs: Tabs,
  tag: Tag,
  text: Text,
  textarea: Textarea,
  'text-field': TextField,
};
