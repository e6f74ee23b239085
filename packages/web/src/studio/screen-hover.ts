// Hover documentation in a screen's JSON: what a widget, an action or a field is, from the registry's descriptions.
import { syntaxTree } from '@codemirror/language';
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import { actionSpecs, specOf, stringValue, widgetSpecs } from './screen-tree.js';

/** The registry's word on the name under the pointer: a field name's kind and description, a type's description. */
export function describeAt(
  state: Parameters<typeof syntaxTree>[0],
  pos: number,
): { title: string; text: string } | null {
  const node = syntaxTree(state).resolveInner(pos, 1);
  const property = node.parent;
  if (property?.name !== 'Property') return null;
  const object = property.parent;
  if (node.name === 'PropertyName' && object) {
    const name = stringValue(state, node);
    const field = specOf(state, object)?.fields[name];
    if (!field) return null;
    return {
      title: `${name}: ${field.kind}${field.required ? ' (required)' : ''}`,
      text: field.description ?? '',
    };
  }
  const key = property.getChild('PropertyName');
  if (node.name !== 'String' || !key) return null;
  const specs = { type: widgetSpecs, actionType: actionSpecs }[stringValue(state, key)];
  const type = stringValue(state, node);
  const spec = specs?.[type];
  return spec ? { title: type, text: spec.description } : null;
}

export const screenHover = hoverTooltip((view, pos): Tooltip | null => {
  const found = describeAt(view.state, pos);
  if (!found) return null;
  const node = syntaxTree(view.state).resolveInner(pos, 1);
  return {
    pos: node.from,
    end: node.to,
    above: true,
    create: () => {
      const dom = document.createElement('div');
      dom.className = 'studio-hover';
      const title = document.createElement('strong');
      title.textContent = found.title;
      const text = document.createElement('p');
      text.textContent = found.text;
      dom.append(title, text);
      return { dom };
    },
  };
});
