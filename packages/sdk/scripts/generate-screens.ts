// Writes src/screens/generated.ts: typed screen builders and types derived from the @miniapps/schema registry.
// Run `npm run generate -w @miniapps/sdk` after a registry change; a test fails while the file is out of date.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { actions, type FieldMap, type FieldSpec, type NodeSpec, widgets } from '@miniapps/schema';

export const GENERATED_FILE = fileURLToPath(new URL('../src/screens/generated.ts', import.meta.url));

/** Names a builder function cannot take in JavaScript. */
const RESERVED = new Set([
  'switch',
  'case',
  'default',
  'delete',
  'new',
  'this',
  'function',
  'class',
  'import',
]);

/** The TypeScript source of the generated module, before formatting. */
export function screensModule(): string {
  const out: string[] = [
    '// GENERATED from the @miniapps/schema registry by packages/sdk/scripts/generate-screens.ts. Do not edit.',
    '',
    '/** Any JSON value: what a `data` field (request body, page params) holds. */',
    'export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };',
    '',
    '/** An action slot holds one action or a list of actions run in order. */',
    'export type Actions = Action | Action[];',
    '',
    `/** Any widget of the registry; narrow it by \`type\`. */`,
    `export type Widget = ${Object.keys(widgets).map(widgetTypeName).join(' | ')};`,
    `/** Any action of the registry; narrow it by \`actionType\`. */`,
    `export type Action = ${Object.keys(actions).map(actionTypeName).join(' | ')};`,
    `export type WidgetType = Widget['type'];`,
    `export type ActionType = Action['actionType'];`,
    '',
  ];
  for (const [name, spec] of Object.entries(widgets) as [string, NodeSpec][]) out.push(...widget(name, spec));
  for (const [name, spec] of Object.entries(actions) as [string, NodeSpec][]) out.push(...action(name, spec));
  return `${out.join('\n')}\n`;
}

function widget(name: string, spec: NodeSpec): string[] {
  const typeName = widgetTypeName(name);
  const fn = builderName(name, 'Widget');
  const anyRequired = Object.values(spec.fields).some((f) => f.required);
  const props = `Omit<${typeName}, 'type'>`;
  return [
    `/** ${spec.description} */`,
    `export interface ${typeName} {`,
    `  type: '${name}';`,
    ...fieldLines(spec.fields, '  '),
    '}',
    `/** ${spec.description} */`,
    `export function ${fn}(props: ${props}${anyRequired ? '' : ' = {}'}): ${typeName} {`,
    `  return { type: '${name}', ...props };`,
    '}',
    '',
  ];
}

/** An action with exactly one required field takes it first: `openPage('/x')`, `showToast('Saved')`. */
function action(name: string, spec: NodeSpec): string[] {
  const typeName = actionTypeName(name);
  const fn = builderName(name, 'Action');
  const required = Object.entries(spec.fields).filter(([, f]) => f.required);
  const lines = [
    `/** ${spec.description} */`,
    `export interface ${typeName} {`,
    `  actionType: '${name}';`,
    ...fieldLines(spec.fields, '  '),
    '}',
    `/** ${spec.description} */`,
  ];
  const [only] = required;
  if (required.length === 1 && only) {
    const [field, fieldSpec] = only;
    const hasRest = Object.keys(spec.fields).length > 1;
    const rest = `rest: Omit<${typeName}, 'actionType' | '${field}'> = {}`;
    lines.push(
      `export function ${fn}(${field}: ${valueType(fieldSpec)}${hasRest ? `, ${rest}` : ''}): ${typeName} {`,
      `  return { actionType: '${name}', ${field}${hasRest ? ', ...rest' : ''} };`,
      '}',
    );
  } else {
    const optional = required.length === 0 ? ' = {}' : '';
    lines.push(
      `export function ${fn}(props: Omit<${typeName}, 'actionType'>${optional}): ${typeName} {`,
      `  return { actionType: '${name}', ...props };`,
      '}',
    );
  }
  lines.push('');
  return lines;
}

function fieldLines(fields: FieldMap, indent: string): string[] {
  const lines: string[] = [];
  for (const [field, spec] of Object.entries(fields)) {
    if (spec.description) lines.push(`${indent}/** ${spec.description} */`);
    lines.push(`${indent}${field}${spec.required ? '' : '?'}: ${valueType(spec)};`);
  }
  return lines;
}

function valueType(spec: FieldSpec): string {
  switch (spec.kind) {
    case 'widget':
      return 'Widget';
    case 'widget[]':
      return 'Widget[]';
    case 'action':
      return 'Action';
    case 'action[]':
      return 'Action[]';
    case 'action|action[]':
      return 'Actions';
    case 'object[]':
      return `{ ${fieldLines(spec.fields, '').join(' ')} }[]`;
    case 'object':
      // One field a line: a doc comment must end its line, or the formatter moves it behind the next field.
      return `{\n${fieldLines(spec.fields, '').join('\n')}\n}`;
    case 'enum':
      return spec.values.map((v) => JSON.stringify(v)).join(' | ');
    case 'enum[]':
      return `(${spec.values.map((v) => JSON.stringify(v)).join(' | ')})[]`;
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'data':
      return 'JsonValue';
    case 'string':
    case 'url':
    case 'relativeUrl':
    case 'path':
    case 'binding':
    case 'statePath':
      return 'string';
  }
}

const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);
const widgetTypeName = (name: string) => `${pascal(name)}Widget`;
const actionTypeName = (name: string) => `${pascal(name)}Action`;
const builderName = (name: string, suffix: string) => (RESERVED.has(name) ? `${name}${suffix}` : name);

/** The generated module as Biome formats it, so the committed file passes lint and compares byte for byte. */
export function formattedScreensModule(): string {
  return execFileSync('npx', ['biome', 'format', `--stdin-file-path=${GENERATED_FILE}`], {
    input: screensModule(),
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'ignore'],
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GENERATED_FILE, formattedScreensModule());
  console.log(`wrote ${GENERATED_FILE}`);
}
