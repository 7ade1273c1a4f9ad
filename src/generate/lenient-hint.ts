/**
 * When strict mode refuses a contract that lenient mode would generate, the refusal says
 * so in its last line, with the exact switch: "3 problems; `--lenient` generates this
 * contract with 3 warnings". The contract is loaded a second time, leniently, only on that
 * failure path; what strict mode does and writes is unchanged.
 */
import type { LoadOptions } from '../load/types.js';
import { WsdlcError } from '../util/errors.js';
import type { LoadFn } from './pipeline.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Loads a contract; a strict refusal that lenient mode would repair is rethrown with that
 * hint. Other errors, and lenient loads, pass through as they are.
 * @param lenientSwitch how the user turns lenient mode on for this contract (a flag or a config key)
 */
export async function loadExplained(
  load: LoadFn,
  source: string,
  options: LoadOptions,
  lenientSwitch: string,
): ReturnType<LoadFn> {
  try {
    return await load(source, options);
  } catch (err) {
    if (options.lenient === true || !(err instanceof WsdlcError) || err.exitCode !== 1 || err.hint !== undefined) {
      throw err;
    }
    const warnings = await lenientWarnings(load, source, options);
    if (warnings === undefined) throw err;
    const problems = err.diagnostics.filter((d) => d.severity === 'error').length;
    throw new WsdlcError(err.diagnostics, 1, lenientHint(problems, warnings, lenientSwitch));
  }
}

/** The hint line itself. */
export function lenientHint(problems: number, warnings: number, lenientSwitch: string): string {
  return `${plural(problems, 'problem')}; ${lenientSwitch} generates this contract with ${plural(warnings, 'warning')}`;
}

/** How many warnings a lenient load gives, or undefined when lenient mode refuses the contract too. */
export async function lenientWarnings(load: LoadFn, source: string, options: LoadOptions): Promise<number | undefined> {
  try {
    const { model } = await load(source, { ...options, lenient: true });
    return model.warnings.length;
  } catch (err) {
    if (err instanceof WsdlcError) return undefined;
    throw err;
  }
}
