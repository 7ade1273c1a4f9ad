/**
 * The compiler's floors, lowest first. A module may import from its own floor and the
 * floors below it, never from a floor above (`npm run layers`, run by .ci/run).
 * The runtime ships with generated code and imports nothing from the compiler;
 * the examples use generated code and its runtime as a user's project would.
 */
/** @type {{ name: string, floor: number, path: string }[]} */
const FLOORS = [
  { name: 'runtime', floor: 0, path: '^src/runtime/' },
  { name: 'util', floor: 0, path: '^src/util/' },
  { name: 'load', floor: 1, path: '^src/load/' },
  { name: 'model', floor: 2, path: '^src/model/' },
  { name: 'names', floor: 3, path: '^src/names/' },
  { name: 'emit', floor: 4, path: '^src/emit/' },
  { name: 'breaking', floor: 4, path: '^src/breaking/' },
  { name: 'config', floor: 5, path: '^src/config/' },
  { name: 'write', floor: 5, path: '^src/write/' },
  { name: 'vendor', floor: 5, path: '^src/vendor/' },
  { name: 'scaffold', floor: 6, path: '^src/scaffold/' },
  { name: 'generate', floor: 7, path: '^src/generate/' },
  { name: 'cli', floor: 8, path: '^src/cli/' },
  { name: 'api', floor: 8, path: '^src/index\\.ts$' },
];

/** One rule per floor: nothing on it imports a module on a higher floor. */
const upward = FLOORS.map((low) => {
  const higher = FLOORS.filter((f) => f.floor > low.floor).map((f) => f.path);
  return {
    name: `no-upward-from-${low.name}`,
    comment: `${low.name} (floor ${low.floor}) must not import from a higher floor (${FLOORS.filter((f) => f.floor > low.floor)
      .map((f) => f.name)
      .join(', ')}). Move the shared code down, or invert the dependency.`,
    severity: 'error',
    from: { path: low.path },
    to: { path: higher.length > 0 ? higher.join('|') : '^$' },
  };
}).filter((r) => r.to.path !== '^$');

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'runtime-is-self-contained',
      comment:
        'src/runtime ships with generated code (it is copied beside it): it may import only itself and node: built-ins.',
      severity: 'error',
      from: { path: '^src/runtime/' },
      to: { pathNot: '^src/runtime/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'runtime-bytes-imports-nothing',
      comment:
        'runtime/bytes (UTF-8, latin1, base64, hex, digests, random bytes) is the bottom of the runtime: it imports only itself, and no node: module (it reaches Node built-ins by feature detection).',
      severity: 'error',
      from: { path: '^src/runtime/bytes/' },
      to: { pathNot: '^src/runtime/bytes/' },
    },
    {
      name: 'runtime-xml-imports-only-bytes-and-xml',
      comment: 'runtime/xml (scanner, parser, writer) sits on bytes: it may import only bytes and itself.',
      severity: 'error',
      from: { path: '^src/runtime/xml/' },
      to: { path: '^src/runtime/', pathNot: '^src/runtime/(bytes|xml)/' },
    },
    {
      name: 'runtime-wire-imports-only-bytes-xml-and-wire',
      comment:
        'runtime/wire (envelopes, codec, descriptors, faults) sits on xml and bytes; it never imports the client or the server.',
      severity: 'error',
      from: { path: '^src/runtime/wire/' },
      to: { path: '^src/runtime/', pathNot: '^src/runtime/(bytes|xml|wire)/' },
    },
    {
      name: 'runtime-client-and-server-apart',
      comment:
        'runtime/client and runtime/server stand side by side on wire and xml: neither imports the other, nor the shared index (a contract may ship one without the other).',
      severity: 'error',
      from: { path: '^src/runtime/(client|server)/' },
      to: { path: '^src/runtime/(index\\.ts$|(client|server)/)', pathNot: '^src/runtime/$1/' },
    },
    {
      name: 'same-floor-siblings-only-downward',
      comment: 'util must not import the runtime, and the runtime must not import util (they are both floor 0 but unrelated).',
      severity: 'error',
      from: { path: '^src/util/' },
      to: { path: '^src/runtime/' },
    },
    {
      name: 'examples-use-generated-code-only',
      comment:
        'An example is built like a user project: it imports generated code (and through it the runtime), never the compiler in src/.',
      severity: 'error',
      from: { path: '^examples/' },
      to: { path: '^src/' },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other in a loop (type-only imports included) have no floor order.',
      severity: 'error',
      from: { path: '^(src|examples)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|generated|test|bench)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
