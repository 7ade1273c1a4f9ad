/**
 * Issue 29: the runtime's core is web-standard. (1) No runtime module outside a short,
 * named list of Node-only ones imports a `node:` module as a value (type-only imports
 * are erased). (2) Browser and neutral esbuild bundles of generated client.ts, server.ts
 * and index.ts (Auth, an MTOM contract, a WS-Security contract) build with zero errors
 * and import no `node:` module; the client bundles also use no Node global (`Buffer`,
 * `process`, `setImmediate`) except through feature detection (`globalThis.X`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { loadModel } from '../../src/model/index.js';
import { buildModel } from '../../src/model/build-model.js';
import { testOptions, writeTree } from '../emit/helpers.js';
import { loadedFrom, wsdl } from '../model/helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNTIME = path.join(ROOT, 'src/runtime');

/** Runtime modules that run on Node only, and may import `node:` modules as values. */
const NODE_ONLY = new Set([
  'client/transport-node.ts', // node:http / node:https with the user's agents
  'client/proxy.ts', // an HTTP CONNECT tunnel on node:http, node:tls
  'client/transport-record.ts', // fixtures on disk (node:fs)
  'client/transport-memory.ts', // node:http's IncomingMessage/ServerResponse in memory
]);

function runtimeModules(dir = RUNTIME, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const r = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) out.push(...runtimeModules(path.join(dir, e.name), r));
    else if (e.name.endsWith('.ts')) out.push(r);
  }
  return out;
}

/** Value imports of `node:` modules in TypeScript source: static (not `import type`), dynamic, `require`, re-exports. */
function nodeValueImports(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*import\s+(?!type\b)[^;]*?from\s*['"](node:[^'"]+)['"]/gm,
    /^\s*import\s*['"](node:[^'"]+)['"]/gm,
    /^\s*export\s+(?!type\b)[^;]*?from\s*['"](node:[^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"](node:[^'"]+)['"]/g,
    /\brequire\s*\(\s*['"](node:[^'"]+)['"]/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) found.push(m[1]!);
  return found;
}

describe('the runtime imports node: modules only in its Node-only modules', () => {
  it('finds value imports and ignores type-only ones (the check itself)', () => {
    expect(nodeValueImports("import * as net from 'node:net';\nimport type { X } from 'node:http';")).toEqual([
      'node:net',
    ]);
    expect(nodeValueImports("import { type A, b } from 'node:zlib';")).toEqual(['node:zlib']);
    expect(nodeValueImports("const z = await import('node:zlib');")).toEqual(['node:zlib']);
    expect(nodeValueImports("globalThis.process?.getBuiltinModule?.('node:zlib')")).toEqual([]);
  });

  it('no other runtime module imports a node: module as a value', () => {
    const offenders: string[] = [];
    for (const m of runtimeModules()) {
      if (NODE_ONLY.has(m)) continue;
      for (const spec of nodeValueImports(readFileSync(path.join(RUNTIME, m), 'utf8'))) offenders.push(`${m}: ${spec}`);
    }
    expect(offenders).toEqual([]);
    for (const m of NODE_ONLY) expect(runtimeModules()).toContain(m); // the list names real modules
  });
});

/** Node's globals: the bundles are built with each defined as a marker, which esbuild puts only where code reads the global itself. */
const NODE_GLOBALS = ['Buffer', 'process', 'setImmediate', 'global'] as const;
const MARK = '__wsdlc_node_global_';

/** The Node globals a bundle built with the markers reads (not `globalThis.Buffer`, not a word in a string). */
function nodeGlobals(js: string): string[] {
  return [...js.matchAll(new RegExp(`${MARK}(\\w+)`, 'g'))].map((m) => m[1]!);
}

/** `node:` imports left in a bundle (esbuild keeps them as imports when it does not fail). */
function nodeImportsIn(js: string): string[] {
  return [...js.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](node:[^"']+)["']/g)].map((m) => m[1]!);
}

const POLICY = `<wsp:Policy xmlns:wsp="http://schemas.xmlsoap.org/ws/2004/09/policy">
<sp:SupportingTokens xmlns:sp="http://schemas.xmlsoap.org/ws/2005/07/securitypolicy"><sp:UsernameToken/></sp:SupportingTokens></wsp:Policy>`;

/** A document/literal contract with a UsernameToken policy: its output carries the WS-Security module. */
const SECURED = wsdl(
  `<s:element name="Put"><s:complexType><s:sequence><s:element name="v" type="s:string"/></s:sequence></s:complexType></s:element>
<s:element name="PutResponse"><s:complexType/></s:element>`,
  `${POLICY}
<wsdl:message name="PutIn"><wsdl:part name="p" element="tns:Put"/></wsdl:message>
<wsdl:message name="PutOut"><wsdl:part name="p" element="tns:PutResponse"/></wsdl:message>
<wsdl:portType name="P"><wsdl:operation name="Put"><wsdl:input message="tns:PutIn"/><wsdl:output message="tns:PutOut"/></wsdl:operation></wsdl:portType>
<wsdl:binding name="B" type="tns:P"><soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
<wsdl:operation name="Put"><soap:operation soapAction="urn:t/Put"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation></wsdl:binding>
<wsdl:service name="S"><wsdl:port name="Port" binding="tns:B"><soap:address location="http://example.com/s"/></wsdl:port></wsdl:service>`,
);

const TMP = path.join(ROOT, 'test/tmp/platforms');

/** The three outputs bundled: Auth as checked in, MTOM (Photos) and WS-Security written to test/tmp. */
async function outputs(): Promise<Record<string, string>> {
  const photos = path.join(ROOT, 'test/fixtures/mtom/Photos.wsdl');
  writeTree(
    path.join(TMP, 'mtom'),
    await emitFiles(await loadModel(photos), testOptions('Photos.wsdl'), { wsdlText: readFileSync(photos, 'utf8') }),
  );
  const secured = await emitFiles(buildModel(loadedFrom({ name: 's.wsdl', text: SECURED })), testOptions('s.wsdl'));
  expect(secured.find((f) => f.path === 'schema.ts')?.content).toContain('wsSecurityModule');
  writeTree(path.join(TMP, 'ws-security'), secured);
  expect(readFileSync(path.join(TMP, 'mtom/schema.ts'), 'utf8')).toContain('mtomModule');
  return {
    auth: path.join(ROOT, 'generated/auth'),
    mtom: path.join(TMP, 'mtom'),
    'ws-security': path.join(TMP, 'ws-security'),
  };
}

/** Bundles `entry` of the output in `dir` for `platform` and expects no error, no node: import and no Node global. */
async function expectClean(name: string, dir: string, entry: string, platform: 'browser' | 'neutral'): Promise<void> {
  const result = await build({
    entryPoints: [path.join(dir, entry)],
    bundle: true,
    platform,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    define: Object.fromEntries(NODE_GLOBALS.map((g) => [g, `${MARK}${g}`])),
    ...(platform === 'neutral' ? { mainFields: ['module', 'main'] } : {}),
  }).catch((err: { errors?: { text: string }[] }) => ({
    errors: err.errors ?? [{ text: String(err) }],
    warnings: [],
    outputFiles: [],
  }));
  expect(
    result.errors.map((e) => e.text),
    `${name}/${entry}`,
  ).toEqual([]);
  const js = result.outputFiles[0]!.text;
  expect(nodeImportsIn(js), `${name}/${entry}`).toEqual([]);
  expect(nodeGlobals(js), `${name}/${entry}`).toEqual([]);
  // The HTTP/1.1 transport (node:net, node:tls) is loaded on Node only, by an import() bundlers do not follow.
  expect(js, `${name}/${entry}: the HTTP/1.1 transport is in the bundle`).not.toContain('node:tls');
}

describe('generated code bundles for the browser and for neutral platforms', async () => {
  const dirs = await outputs();
  for (const [name, dir] of Object.entries(dirs)) {
    for (const platform of ['browser', 'neutral'] as const) {
      it(`${name}: client.ts with --platform=${platform}`, async () => {
        await expectClean(name, dir, 'client.ts', platform);
      });
      // The server side: the fetch handler's core and the node:http adapter, which reads nothing but its arguments.
      it(`${name}: server.ts and index.ts with --platform=${platform}`, async () => {
        for (const entry of ['server.ts', 'index.ts']) await expectClean(name, dir, entry, platform);
      });
    }
  }

  // The size budget (README, docs/platforms.md): the Auth client alone, as bench/browser-size.ts
  // measures it (esbuild --platform=browser, ESM, minified, gzip -9). Bytes, not time: deterministic
  // for one esbuild version. What keeps it: Node's faster paths (the HTTP/1.1 transport, the
  // streaming decoder, the envelope memos) are loaded by import() on Node, never bundled, and the
  // modules of features a contract lacks (templated locations, MTOM, WS-Security...) are optional.
  it('the Auth client bundle stays under 30 KB gzipped', async () => {
    const result = await build({
      entryPoints: [path.join(ROOT, 'generated/auth/client.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      write: false,
      logLevel: 'silent',
    });
    const js = result.outputFiles[0]!.contents;
    const gzipped = gzipSync(js, { level: 9 }).length;
    expect(gzipped, `Auth client: ${gzipped} bytes gzipped (${js.length} minified)`).toBeLessThan(30 * 1024);
  });

  it('the checks find what they look for', () => {
    expect(nodeImportsIn('import * as n from "node:net"; const z = await import("node:zlib");')).toEqual([
      'node:net',
      'node:zlib',
    ]);
  });

  it('the markers land where code reads a Node global, not in strings or on globalThis', async () => {
    const result = await build({
      stdin: {
        contents: "export const a = Buffer.from('x'); export const b = [globalThis.Buffer, 'Buffer', process.env];",
      },
      bundle: true,
      write: false,
      format: 'esm',
      logLevel: 'silent',
      define: Object.fromEntries(NODE_GLOBALS.map((g) => [g, `${MARK}${g}`])),
    });
    expect(nodeGlobals(result.outputFiles[0]!.text)).toEqual(['Buffer', 'process']);
  });
});
