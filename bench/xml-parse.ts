/**
 * XML parsing speed: our scanner (src/runtime/xml/xml-parse.ts) against the previous
 * saxes-based implementation (test/runtime-xml/saxes-reference.ts), on
 *   - a SOAP 1.1 Login request envelope,
 *   - a SOAP 1.1 LoginResponse envelope,
 *   - a ~50 KB generated document (attributes, namespaces, entities, CDATA),
 *   - a large corpus file (Salesforce enterprise.wsdl), without and with positions.
 * Prints µs per parse and MB/s (UTF-16 length / 1e6 per second), side by side.
 * Then the Login request as a server parses it (`parseEnvelope`, with the
 * process-wide memos of document starts and shapes), 64 requests that differ in
 * their user name, against `parseXml` without memos on the same requests; and
 * what the server does with them (`parseRequestEnvelope` + `readBodyValue`: the
 * Login input, by the shape's decode plan) against `parseXml` + `readValue`;
 * once with plain values, once with a character reference in the password.
 * Run: npx tsx bench/xml-parse.ts [milliseconds per parser and document, default 2000]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseXml } from '../src/runtime/xml/xml-parse.js';
import { envelopeOf, parseEnvelope } from '../src/runtime/wire/soap-envelope.js';
import { parseRequestEnvelope, readBodyValue } from '../src/runtime/server/soap-request-envelope.js';
import { readValue } from '../src/runtime/wire/codec.js';
import { AuthDescriptor } from '../generated/auth/schema.js';
import { saxesParseXml } from '../test/runtime-xml/saxes-reference.js';

const BUDGET_MS = Number(process.argv[2] ?? 2000);
const AUTH_NS = 'http://schemas.example.com/ecomm/auth';

const LOGIN_REQUEST = `<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
  <soap:Body>
    <Login xmlns="${AUTH_NS}">
      <Username>alice@example.com</Username>
      <Password>correct horse &amp; battery staple</Password>
    </Login>
  </soap:Body>
</soap:Envelope>`;

const LOGIN_RESPONSE = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><LoginResponse xmlns="${AUTH_NS}"><LoginResult><ServiceTicket>7d3c1f0e-4b7a-4c52-9a51-2f4e8c1b9d07</ServiceTicket></LoginResult></LoginResponse></soap:Body></soap:Envelope>`;

function fiftyKb(): string {
  let items = '';
  for (let k = 0; items.length < 50_000; k++) {
    items += `\n    <t:item id="${k}" t:kind="row" xsi:type="t:Row"><t:name>Item ${k} &lt;x&gt; &#233;t&#xE9;</t:name><t:note><![CDATA[free <text> ${k}]]></t:note><t:qty>${k % 17}</t:qty></t:item>`;
  }
  return `<?xml version="1.0"?>\n<t:list xmlns:t="urn:bench:t" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${items}\n</t:list>\n`;
}

const LARGE_FILE = fileURLToPath(new URL('../../shared/corpus/large/salesforce/enterprise.wsdl', import.meta.url));

/** Request and response bodies arrive as flat strings decoded from a Buffer; build the inputs the same way. */
const flat = (s: string): string => Buffer.from(s, 'utf8').toString('utf8');

interface Case {
  readonly name: string;
  readonly text: string;
  readonly positions: boolean;
}

const cases: Case[] = [
  { name: 'SOAP 1.1 Login request', text: flat(LOGIN_REQUEST), positions: false },
  { name: 'SOAP 1.1 LoginResponse', text: flat(LOGIN_RESPONSE), positions: false },
  { name: '50 KB document', text: flat(fiftyKb()), positions: false },
];
try {
  const large = readFileSync(LARGE_FILE, 'utf8');
  cases.push({ name: 'salesforce enterprise.wsdl', text: large, positions: false });
  cases.push({ name: 'enterprise.wsdl, positions', text: large, positions: true });
} catch {
  console.log(`(skipping the large corpus file: ${LARGE_FILE} not readable)`);
}

/** Mean µs per call of `fn` over about `budgetMs` (after the first call). */
function measure(fn: () => unknown, budgetMs: number): number {
  fn();
  let calls = 0;
  let batch = 1;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < budgetMs) {
    for (let k = 0; k < batch; k++) fn();
    calls += batch;
    elapsed = performance.now() - start;
    if (batch < 1024) batch *= 2;
  }
  return (elapsed * 1000) / calls;
}

/** Best of ROUNDS alternating measurements of each (the machine may be shared; the minimum is the least disturbed). */
const ROUNDS = 5;
function compare(a: () => unknown, b: () => unknown): [number, number] {
  let bestA = Infinity;
  let bestB = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    bestA = Math.min(bestA, measure(a, BUDGET_MS / ROUNDS));
    bestB = Math.min(bestB, measure(b, BUDGET_MS / ROUNDS));
  }
  return [bestA, bestB];
}

const pad = (s: string, n: number): string => s.padEnd(n);
const num = (x: number, d = 2): string => x.toFixed(d).padStart(10);

console.log(
  `${pad('document', 30)}${'bytes'.padStart(10)}${'ours µs'.padStart(12)}${'saxes µs'.padStart(12)}${'ours MB/s'.padStart(11)}${'saxes MB/s'.padStart(11)}${'speed-up'.padStart(10)}`,
);
for (const c of cases) {
  // Same tree first (a benchmark of a wrong parser is worthless).
  const a = JSON.stringify(parseXml(c.text, { positions: c.positions, maxDepth: 512 }), (k, v: unknown) =>
    k === 'parent' ? undefined : v,
  );
  const b = JSON.stringify(saxesParseXml(c.text, { positions: c.positions, maxDepth: 512 }), (k, v: unknown) =>
    k === 'parent' ? undefined : v,
  );
  if (a !== b) throw new Error(`${c.name}: trees differ`);
  const [ours, saxes] = compare(
    () => parseXml(c.text, { positions: c.positions, maxDepth: 512 }),
    () => saxesParseXml(c.text, { positions: c.positions, maxDepth: 512 }),
  );
  const mb = c.text.length / 1e6;
  console.log(
    `${pad(c.name, 30)}${String(c.text.length).padStart(10)}${num(ours, 2).padStart(12)}${num(saxes, 2).padStart(12)}${num(mb / (ours / 1e6), 1).padStart(11)}${num(mb / (saxes / 1e6), 1).padStart(11)}${`${(saxes / ours).toFixed(1)}x`.padStart(10)}`,
  );
}

// A server's view: requests from one client, same markup, other values (the memos of parseEnvelope apply),
// and what the server does with them: envelope and Login input (parseRequestEnvelope + readBodyValue, by
// the shape's decode plan) against a full parse and readValue. Two sets: plain values (the shape's holes
// match), and a password with a character reference (that hole is not plain: the memo of starts applies).
const login = AuthDescriptor.operations.find((o) => o.name === 'Login')!.soap11!.input.value;
const types = AuthDescriptor.types;
const firstElement = (el: { children: readonly unknown[] }) =>
  el.children.find((c) => typeof c !== 'string') as Parameters<typeof readValue>[0];
const byPlan = (text: string): unknown => {
  const env = parseRequestEnvelope(text);
  return readBodyValue(env, firstElement(env.body), login, types);
};
const byTree = (text: string): unknown =>
  readValue(firstElement(envelopeOf(parseXml(text, { maxDepth: 512 })).body), login, types);
let next = 0;
for (const [label, password] of [
  ['plain values', 'correct horse battery staple'],
  ['a reference in the password', 'correct horse &amp; battery staple'],
] as const) {
  const requests = Array.from({ length: 64 }, (_, k) =>
    flat(
      LOGIN_REQUEST.replace('alice@example.com', `user${k}@example.com`).replace(
        'correct horse &amp; battery staple',
        password,
      ),
    ),
  );
  for (const r of requests)
    if (JSON.stringify(byPlan(r)) !== JSON.stringify(byTree(r))) throw new Error('decode plan and readValue differ');
  const [memoised, plainParse] = compare(
    () => parseEnvelope(requests[next++ & 63]!),
    () => parseXml(requests[next++ & 63]!, { maxDepth: 512 }),
  );
  const [planned, treeRead] = compare(
    () => byPlan(requests[next++ & 63]!),
    () => byTree(requests[next++ & 63]!),
  );
  console.log(
    `Login requests, 64 user names, ${label}: parseEnvelope ${memoised.toFixed(2)} µs, parseXml without memos ${plainParse.toFixed(2)} µs (${(plainParse / memoised).toFixed(1)}x); ` +
      `server read (parseRequestEnvelope + readBodyValue) ${planned.toFixed(2)} µs, parseXml + readValue ${treeRead.toFixed(2)} µs (${(treeRead / planned).toFixed(1)}x)`,
  );
}
