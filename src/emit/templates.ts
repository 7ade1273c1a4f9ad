/**
 * Loading and rendering the Handlebars templates (templates/*.hbs).
 *
 * Templates hold no logic beyond `each`/`if`/`with`; they are compiled with
 * `noEscape` (we emit TypeScript, not HTML: the view models already made every
 * string safe) and `strict` (a misspelt field is an error, not empty text).
 * A file of the same name in `EmitOptions.templatesDir` replaces the built-in one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type HandlebarsApi from 'handlebars';
import { userError } from '../util/errors.js';
import { fnv1a } from '../util/fnv.js';

/** The templates every generation renders. */
export const TEMPLATE_NAMES = ['types', 'schema', 'client', 'server', 'index', 'wsdl'] as const;

/** The name of a built-in template (`<name>.hbs`). */
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** Whether `name` is one of the {@link TEMPLATE_NAMES}. */
export function isTemplateName(name: string): name is TemplateName {
  return (TEMPLATE_NAMES as readonly string[]).includes(name);
}

/** How every template is compiled: no HTML escaping, unknown fields are errors. */
export const COMPILE_OPTIONS = { noEscape: true, strict: true } as const;

/**
 * How the built-in templates are compiled (precompiled at build time, or compiled
 * when the build is stale): as {@link COMPILE_OPTIONS}, and they use no helper
 * but `each` and `if` and no `@data` variable (`@index`, `@first`...), so
 * Handlebars reads each field directly (no helper lookup per mustache) and
 * `each` makes no data frame per item: the same text with less allocation on
 * large contracts (test/emit/templates.test.ts compares it with the plain
 * options). User templates (`--templates`) keep the plain options.
 */
export const BUILTIN_COMPILE_OPTIONS = {
  ...COMPILE_OPTIONS,
  knownHelpers: { each: true, if: true },
  knownHelpersOnly: true,
  data: false,
} as const;

const requireHere = createRequire(import.meta.url);

/** The folder of the built-in templates (`<package>/templates`, from src/emit or dist/emit). */
export const BUILTIN_TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

const cache = new Map<string, HandlebarsApi.TemplateDelegate>();

/** The build's precompiled templates (`templates.precompiled.cjs`, see precompile-templates.ts). */
interface Precompiled {
  readonly handlebarsVersion: string;
  readonly templates: Readonly<
    Record<string, { readonly fingerprint: string; readonly spec: Parameters<typeof HandlebarsApi.template>[0] }>
  >;
}

let precompiled: Precompiled | null | undefined;

/** The precompiled templates next to this module, or `null` (running from sources, or not built). */
function loadPrecompiled(): Precompiled | null {
  if (precompiled === undefined) {
    try {
      precompiled = requireHere('./templates.precompiled.cjs') as Precompiled;
    } catch {
      precompiled = null;
    }
  }
  return precompiled;
}

/**
 * Compiles template `source` from `file`. A built-in template whose source still
 * matches the build's precompiled entry runs on the Handlebars runtime alone;
 * anything else (user templates, edited or unbuilt templates) is compiled.
 */
function compile(file: string, source: string): HandlebarsApi.TemplateDelegate {
  const name = path.basename(file, '.hbs');
  const builtin = file === path.join(BUILTIN_TEMPLATES_DIR, `${name}.hbs`);
  const pre = builtin ? loadPrecompiled() : null;
  const entry = pre?.templates[name];
  if (pre && entry !== undefined && entry.fingerprint === fnv1a(source)) {
    // The runtime as the package's one-file build: the same code as `handlebars/runtime`, which loads it as
    // a dozen CommonJS modules (about 10 ms more start-up).
    const runtime = requireHere('handlebars/dist/handlebars.runtime.js') as typeof HandlebarsApi;
    if (runtime.VERSION === pre.handlebarsVersion) return runtime.template(entry.spec);
  }
  const handlebars = requireHere('handlebars') as typeof HandlebarsApi;
  return handlebars.compile(source, builtin ? BUILTIN_COMPILE_OPTIONS : COMPILE_OPTIONS);
}

/** The template file used for `name`: the override when it exists, else the built-in. */
export function templatePath(name: TemplateName, templatesDir?: string): string {
  if (templatesDir) {
    const override = path.resolve(templatesDir, `${name}.hbs`);
    if (existsSync(override)) return override;
  }
  return path.join(BUILTIN_TEMPLATES_DIR, `${name}.hbs`);
}

/** Whether `templatesDir` overrides the built-in template `name`. */
export function isOverridden(name: TemplateName, templatesDir?: string): boolean {
  return templatePath(name, templatesDir) !== path.join(BUILTIN_TEMPLATES_DIR, `${name}.hbs`);
}

/** Renders template `name` with `view`; a broken override template is a user error naming the file. */
export function render(name: TemplateName, view: object, templatesDir?: string): string {
  const file = templatePath(name, templatesDir);
  let template = cache.get(file);
  if (!template || templatesDir) {
    const source = readFileSync(file, 'utf8');
    template = compile(file, source);
    if (!templatesDir) cache.set(file, template);
  }
  try {
    return template(view);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw userError(`template ${file}: ${message}`, { file, line: 1, column: 1 });
  }
}
