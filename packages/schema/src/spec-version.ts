// The version of the screen format as published to renderers (screen.schema.json and registry.json).

/**
 * Semantic version of the screen format. Minor: something added that old renderers may ignore (a widget, an
 * action, an optional field, an enum value they draw as the default). Major: something a renderer written for
 * the old version would get wrong (a field removed or renamed, a kind or a meaning changed, a new required
 * field). Patch: descriptions and other wording only. See docs/decisions.md ("Screens").
 */
export const SCHEMA_VERSION = '1.3.0';
