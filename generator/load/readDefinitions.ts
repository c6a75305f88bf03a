/**
 * @module
 * Reads the definitions folder: `choices.yaml` (choice sets), `mixins.yaml` (NetBox's base
 * models), `schemas.yaml` (operation bodies) and the apps' resources — a file per app
 * (`tenancy.yaml`), or a folder per app holding a file per group of resources
 * (`dcim/devices.yaml`, `dcim/cables.yaml`), where each file must declare its folder's app — and
 * route groups (`plugins/permissions-matrix.yaml`: a `group:` with operations under a base path).
 * Every file is parsed and validated; all diagnostics are returned together.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';
import { appFileSchema, choicesFileSchema, mixinFileSchema, routeGroupFileSchema, schemasFileSchema, type AppFile, type ChoicesFile, type MixinDefinition, type RouteGroupFile } from '../validate/definitionSchema.ts';
import { fieldKeyDiagnostics, validateSource } from '../validate/validateDefinitions.ts';
import { parseYamlSource, type YamlSource } from './yamlSource.ts';

export interface LoadedApp {
  source: YamlSource;
  definition: AppFile;
}

export interface LoadedGroup {
  source: YamlSource;
  definition: RouteGroupFile;
}

export interface LoadedDefinitions {
  choices: ChoicesFile['choice_sets'];
  choiceSource: YamlSource | null;
  /** Component schemas of operation bodies (schemas.yaml), with their source for diagnostics. */
  schemas: Record<string, unknown>;
  schemaSource: YamlSource | null;
  mixins: Record<string, MixinDefinition>;
  mixinSource: YamlSource | null;
  apps: LoadedApp[];
  /** Route groups: files with a top-level `group:` key (operations under a base path that is no resource). */
  groups: LoadedGroup[];
  /** Files that did not parse or validate; later stages skip cross-file checks while any remain. */
  invalidFiles: string[];
}

export const CHOICES_FILE = 'choices.yaml';
export const MIXINS_FILE = 'mixins.yaml';
export const SCHEMAS_FILE = 'schemas.yaml';

/**
 * Loads every `*.yaml` under `dir`; paths in diagnostics are relative to `root`. `parse` may be a
 * memoized parseYamlSource (generate --watch keeps files it parsed while their text is unchanged).
 */
export function readDefinitions(dir: string, root: string, parse: typeof parseYamlSource = parseYamlSource): { definitions: LoadedDefinitions; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const definitions: LoadedDefinitions = { choices: {}, choiceSource: null, schemas: {}, schemaSource: null, mixins: {}, mixinSource: null, apps: [], groups: [], invalidFiles: [] };
  for (const path of definitionFiles(dir)) {
    const name = relative(dir, path);
    const { source, errors } = parse(relative(root, path), readFileSync(path, 'utf8'));
    if (errors.length) {
      diagnostics.push(...errors);
      definitions.invalidFiles.push(source.file);
      continue;
    }
    if (name === CHOICES_FILE) {
      const r = validateSource(source, choicesFileSchema);
      diagnostics.push(...r.diagnostics);
      if (r.value) {
        definitions.choices = r.value.choice_sets;
        definitions.choiceSource = source;
      }
    } else if (name === SCHEMAS_FILE) {
      const r = validateSource(source, schemasFileSchema);
      diagnostics.push(...r.diagnostics);
      if (r.value) {
        definitions.schemas = r.value.schemas;
        definitions.schemaSource = source;
      }
    } else if (name === MIXINS_FILE) {
      const r = validateSource(source, mixinFileSchema);
      diagnostics.push(...r.diagnostics);
      if (r.value) {
        definitions.mixins = r.value.mixins;
        definitions.mixinSource = source;
        for (const [name, mixin] of Object.entries(r.value.mixins)) diagnostics.push(...fieldKeyDiagnostics(source, mixin.fields, ['mixins', name, 'fields']));
      }
    } else if (isRouteGroup(source.value)) {
      const r = validateSource(source, routeGroupFileSchema);
      diagnostics.push(...r.diagnostics);
      if (r.value) definitions.groups.push({ source, definition: r.value });
    } else {
      const r = validateSource(source, appFileSchema);
      diagnostics.push(...r.diagnostics);
      const folder = dirname(name) === '.' ? null : basename(dirname(name));
      if (r.value && folder !== null && r.value.app !== folder) {
        diagnostics.push(source.diagnostic(['app'], 'E_APP_FOLDER', `${name} declares app "${r.value.app}" but lies in the folder of app "${folder}"`));
      } else if (r.value) {
        definitions.apps.push({ source, definition: r.value });
        for (const [path, resource] of Object.entries(r.value.resources)) diagnostics.push(...fieldKeyDiagnostics(source, resource.fields, ['resources', path, 'fields']));
      }
    }
    if (diagnostics.some((d) => d.file === source.file) && !definitions.invalidFiles.includes(source.file)) definitions.invalidFiles.push(source.file);
  }
  return { definitions, diagnostics };
}

/** A route group file says `group:`; an app file says `app:` (any folder may hold either). */
function isRouteGroup(value: unknown): boolean {
  return !!value && typeof value === 'object' && 'group' in value;
}

/** The `*.yaml` files of the folder and of its app folders (one level), in a stable order. */
function definitionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isFile() && entry.name.endsWith('.yaml')) out.push(join(dir, entry.name));
    else if (entry.isDirectory()) {
      for (const name of readdirSync(join(dir, entry.name)).filter((f) => f.endsWith('.yaml')).sort()) out.push(join(dir, entry.name, name));
    }
  }
  return out;
}
