/**
 * Loading and rendering the Handlebars templates (templates/*.hbs).
 *
 * Templates hold no logic beyond `each`/`if`/`with`; they are compiled with
 * `noEscape` (we emit TypeScript, not HTML: the view models already made every
 * string safe) and `strict` (a misspelt field is an error, not empty text).
 * A file of the same name in `EmitOptions.templatesDir` replaces the built-in one.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { userError } from '../util/errors.js';

/** The templates every generation renders. */
export type TemplateName = 'types' | 'schema' | 'client' | 'server' | 'index' | 'wsdl';

/** The folder of the built-in templates (`<package>/templates`, from src/emit or dist/emit). */
export const BUILTIN_TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

const cache = new Map<string, Handlebars.TemplateDelegate>();

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
    template = Handlebars.compile(source, { noEscape: true, strict: true });
    if (!templatesDir) cache.set(file, template);
  }
  try {
    return template(view);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw userError(`template ${file}: ${message}`, { file, line: 1, column: 1 });
  }
}
