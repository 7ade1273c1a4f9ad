/**
 * Where the generated server's time goes, measured in place (`npx tsx bench/server.ts --stages`):
 * copies of the compiled bench tree whose SOAP handler stops after one stage and
 * answers the canned response the bare server sends. Each row adds one stage to
 * the one before, so the differences between rows are what each stage costs in a
 * real server under load (about twice what the same code costs in a hot loop:
 * caches, GC and the event loop are shared with node:http).
 *
 * - `upto-body`: routing, content type, reading the body (no XML);
 * - `upto-parse`: + parsing the envelope (`parseRequestEnvelope`: for a known shape, matching it);
 * - `upto-call`: + picking the operation, decoding the input, calling the
 *   implementation and awaiting it (everything but writing the response).
 *
 * The stages are cut by replacing statements of the compiled server-soap.js;
 * a statement that is not found is an error (the runtime changed: update the cut).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CANNED_RESPONSE } from './auth-handler.js';

/** The stage rows, in the order they add work. */
export const STAGES = ['upto-body', 'upto-parse', 'upto-call'] as const;
/** A stage row. */
export type Stage = (typeof STAGES)[number];

/** The compiled file the cuts apply to, relative to a compiled bench tree (bench/compile.ts). */
const SERVER_SOAP = 'generated/auth/runtime/server/server-soap.js';

/** Each stage's cut: a statement of the compiled server-soap.js and what replaces it. */
const CUTS: Readonly<Record<Stage, readonly [string, string]>> = {
  'upto-body': [
    'serveSoapText(this.state, this.ex, this.dispatch, this.version, this.mediaType, text);',
    'this.ex.send(200, TEXT_XML_UTF8, BENCH_CANNED);',
  ],
  'upto-parse': ['const bodyEl = firstElement(env.body);', 'ex.send(200, TEXT_XML_UTF8, BENCH_CANNED); return;'],
  'upto-call': [
    'const wrapped = output.result === undefined ? result : { [output.result]: result };',
    'ex.send(200, TEXT_XML_UTF8, BENCH_CANNED); return;',
  ],
};

/**
 * Makes one copy of the compiled tree `compiledDir` per stage, cut after that
 * stage, and returns their folders (siblings of `compiledDir`, removed by the caller).
 * @throws Error when a cut's statement is not in the compiled runtime.
 */
export function stageTrees(compiledDir: string): Map<Stage, string> {
  const source = readFileSync(path.join(compiledDir, SERVER_SOAP), 'utf8');
  const out = new Map<Stage, string>();
  for (const stage of STAGES) {
    const [statement, replacement] = CUTS[stage];
    const at = source.indexOf(statement);
    if (at < 0 || source.indexOf(statement, at + 1) >= 0) {
      throw new Error(
        `bench --stages: the statement to cut for ${stage} is not found exactly once in ${SERVER_SOAP}: ${statement}`,
      );
    }
    const dir = `${compiledDir}-${stage}`;
    cpSync(compiledDir, dir, { recursive: true, verbatimSymlinks: true });
    const cut = `const BENCH_CANNED = ${JSON.stringify(CANNED_RESPONSE)};\n${source.slice(0, at)}${replacement}${source.slice(at + statement.length)}`;
    writeFileSync(path.join(dir, SERVER_SOAP), cut);
    out.set(stage, dir);
  }
  return out;
}
