// One view per registry widget; the mapped type makes a widget added to the registry a compile error here.
import type { WidgetType } from '@miniapps/schema';
import type { ReactNode } from 'react';
import { HeadingView, IconView, ImageView, TextView } from './content.js';
import { ButtonView, ListItemView, ListView } from './controls.js';
import { FileFieldView } from './file-field.js';
import { CheckboxView, FormView, SelectView, SwitchView, TextFieldView } from './inputs.js';
import {
  CardView,
  ColumnView,
  DividerView,
  RowView,
  ScreenView,
  SpacerView,
  StackView,
  TabsView,
} from './layout.js';
import { QrCodeView } from './qr-code.js';
import type { ViewProps } from './view-props.js';

export const views: { [T in WidgetType]: (props: ViewProps<T>) => ReactNode } = {
  screen: ScreenView,
  column: ColumnView,
  row: RowView,
  stack: StackView,
  card: CardView,
  tabs: TabsView,
  divider: DividerView,
  spacer: SpacerView,
  text: TextView,
  heading: HeadingView,
  image: ImageView,
  icon: IconView,
  button: ButtonView,
  list: ListView,
  listItem: ListItemView,
  form: FormView,
  textField: TextFieldView,
  select: SelectView,
  fileField: FileFieldView,
  checkbox: CheckboxView,
  switch: SwitchView,
  qrCode: QrCodeView,
};
