// The published spec: committed files current, screen.schema.json valid 2020-12 that accepts the example app,
// registry.json complete (every field described), both documents versioned, and renderer-spec.md's widget and
// action tables naming each one's required fields as the registry does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { formattedSpecFiles, SPEC_DIR } from '../scripts/write-spec.js';
import { actions, type FieldMap, SCHEMA_VERSION, widgets } from '../src/index.js';

const EXAMPLE_SCREENS = fileURLToPath(new URL('../../../examples/hosted/screens/', import.meta.url));
const RENDERER_SPEC = fileURLToPath(new URL('../../../docs/renderer-spec.md', import.meta.url));

function committed(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(SPEC_DIR, name), 'utf8'));
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

function undescribed(fields: FieldMap, where: string): string[] {
  return Object.entries(fields).flatMap(([name, spec]) => [
    ...(spec.description ? [] : [`${where}.${name}`]),
    ...(spec.kind === 'object[]' ? undescribed(spec.fields, `${where}.${name}[]`) : []),
  ]);
}

/** Required fields as the spec's tables write them: `name`, and `list[].name` inside an object list. */
function requiredFields(fields: FieldMap, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([name, spec]) => [
    ...(spec.required ? [`${prefix}${name}`] : []),
    ...(spec.kind === 'object[]' ? requiredFields(spec.fields, `${prefix}${name}[].`) : []),
  ]);
}

/** The rows of the table under `## <heading>` of renderer-spec.md: first cell's name → second cell's fields. */
function specTable(heading: string): Record<string, string[]> {
  const text = readFileSync(RENDERER_SPEC, 'utf8');
  const section = text.slice(text.indexOf(`\n## ${heading}\n`) + 1);
  const body = section.slice(0, section.indexOf('\n## ', 1));
  const rows: Record<string, string[]> = {};
  for (const line of body.split('\n')) {
    const cells = line.split(' | ');
    const name = /^\| `([A-Za-z]+)`$/.exec(cells[0] ?? '')?.[1];
    if (name === undefined) continue;
    rows[name] = [...(cells[1] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
  }
  return rows;
}

/** Strict Ajv that knows the one annotation keyword the spec adds. */
function strictAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajv.addKeyword({ keyword: 'schemaVersion', schemaType: 'string' });
  return ajv;
}

describe('spec files', () => {
  it('are what `npm run spec -w @miniapps/schema` writes from the registry (run it after a registry change)', () => {
    for (const [name, text] of Object.entries(formattedSpecFiles())) {
      expect(readFileSync(join(SPEC_DIR, name), 'utf8'), name).toBe(text);
    }
  });

  it('carry the semver schemaVersion at the top', () => {
    expect(SCHEMA_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    expect(committed('screen.schema.json')['schemaVersion']).toBe(SCHEMA_VERSION);
    expect(committed('registry.json')['schemaVersion']).toBe(SCHEMA_VERSION);
  });

  it('screen.schema.json is valid JSON Schema 2020-12 and accepts every screen of the example app', () => {
    const ajv = strictAjv();
    const schema = committed('screen.schema.json');
    expect(schema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    const validate = ajv.compile(schema);
    const screens = jsonFiles(EXAMPLE_SCREENS);
    expect(screens.length).toBeGreaterThanOrEqual(5);
    for (const file of screens) {
      const screen = JSON.parse(readFileSync(file, 'utf8'));
      expect(validate(screen), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(validate({ type: 'screen', children: [{ type: 'colum' }] })).toBe(false);
  });

  it('registry.json lists every widget and action with kinds, required flags, enums and descriptions', () => {
    const registry = committed('registry.json') as {
      widgets: Record<string, { description: string; fields: Record<string, Record<string, unknown>> }>;
      actions: Record<string, { description: string; fields: Record<string, Record<string, unknown>> }>;
    };
    expect(Object.keys(registry.widgets)).toEqual(Object.keys(widgets));
    expect(Object.keys(registry.actions)).toEqual(Object.keys(actions));
    expect(registry.widgets['button']!.fields['onTap']).toMatchObject({
      kind: 'action|action[]',
      required: true,
    });
    expect(registry.widgets['image']!.fields['src']).toMatchObject({
      kind: 'url',
      schemes: ['https', 'data'],
    });
    expect(registry.actions['networkRequest']!.fields['method']!['values']).toEqual([
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
    ]);
    expect(registry.widgets['tabs']!.fields['tabs']!['fields']).toMatchObject({
      child: { kind: 'widget', required: true },
    });
    const missing = [
      ...Object.entries(widgets).flatMap(([name, spec]) => undescribed(spec.fields, name)),
      ...Object.entries(actions).flatMap(([name, spec]) => undescribed(spec.fields, name)),
    ];
    expect(missing).toEqual([]);
  });

  it("renderer-spec.md's Widgets and Actions tables name each one's required fields, as the registry does", () => {
    const byRegistry = (registry: Record<string, { fields: FieldMap }>) =>
      Object.fromEntries(Object.entries(registry).map(([name, spec]) => [name, requiredFields(spec.fields)]));
    expect(specTable('Widgets')).toEqual(byRegistry(widgets));
    expect(specTable('Actions')).toEqual(byRegistry(actions));
    expect(specTable('Widgets')['select']).toEqual(['name', 'options[].label', 'options[].value']);
  });
});
