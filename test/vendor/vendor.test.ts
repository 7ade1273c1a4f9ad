/**
 * `wsdlc vendor` against a local HTTP server: nested relative and absolute imports,
 * a redirect, an include loop, an oversized document, a file: reference and names
 * that try to leave the folder; offline generation from the copy; upstream changes.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generate } from '../../src/generate/generate.js';
import { contract, el, wrapper } from '../breaking/contract.js';
import { cleanup, runCli, snapshotTree, tempDir } from '../cli/helpers.js';
import { type DocServer, startDocServer } from './server.js';

const dirs: string[] = [];
afterAll(() => cleanup(dirs));
let srv: DocServer;
beforeEach(async () => {
  srv = await startDocServer();
  publish(srv);
});
afterEach(() => srv.close());

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** The contract: main WSDL -> wsdl:import (nested folder), xsd:include (relative, ..), xsd:import (absolute, redirected). */
function publish(s: DocServer): void {
  const main = contract({
    schema: [
      '<s:include schemaLocation="../schemas/a.xsd"/>',
      `<s:import namespace="urn:c" schemaLocation="${s.base}/old/c.xsd"/>`,
      wrapper('Echo', [el('a', 'tns:Thing')]),
      wrapper('EchoResponse', [el('r', 'c:Other')]),
    ],
  })
    .replace('xmlns:tns="urn:t"', 'xmlns:tns="urn:t" xmlns:c="urn:c"')
    .replace('  <wsdl:types>', '  <wsdl:import namespace="urn:t" location="defs/extra.wsdl"/>\n  <wsdl:types>');
  s.docs.set('/svc/Service.svc?wsdl', main);
  s.docs.set(
    '/svc/defs/extra.wsdl',
    '<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" targetNamespace="urn:t"><wsdl:documentation>extra</wsdl:documentation></wsdl:definitions>',
  );
  const xsd = (tns: string, body: string): string =>
    `<?xml version="1.0" encoding="utf-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="${tns}" targetNamespace="${tns}" elementFormDefault="qualified">\n${body}\n</xs:schema>\n`;
  s.docs.set(
    '/schemas/a.xsd',
    xsd(
      'urn:t',
      '<xs:include schemaLocation="b.xsd"/><xs:complexType name="Thing"><xs:sequence><xs:element name="code" type="tns:Code"/></xs:sequence></xs:complexType>',
    ),
  );
  s.docs.set(
    '/schemas/b.xsd',
    xsd(
      'urn:t',
      '<xs:include schemaLocation="a.xsd"/><xs:simpleType name="Code"><xs:restriction base="xs:string"><xs:maxLength value="8"/></xs:restriction></xs:simpleType>',
    ),
  );
  s.docs.set(
    '/schemas/c.xsd',
    xsd(
      'urn:c',
      '<xs:complexType name="Other"><xs:sequence><xs:element name="n" type="xs:int"/></xs:sequence></xs:complexType>',
    ),
  );
  s.redirects.set('/old/c.xsd', '/schemas/c.xsd');
}

function workspace(): string {
  const d = tempDir('wsdlc-vendor-');
  dirs.push(d);
  return d;
}

describe('wsdlc vendor', () => {
  it('writes every document, references rewritten, and a lock with URLs and SHA-256', async () => {
    const cwd = workspace();
    const run = await runCli(['vendor', `${srv.base}/svc/Service.svc?wsdl`, '-o', 'wsdl/svc'], cwd, {});
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // Nothing but the output folder was written.
    expect(readdirSync(cwd)).toEqual(['wsdl']);
    expect(readdirSync(join(cwd, 'wsdl'))).toEqual(['svc']);
    expect(readdirSync(join(cwd, 'wsdl/svc')).sort()).toEqual([
      'Service.svc.wsdl',
      'a.xsd',
      'b.xsd',
      'c.xsd',
      'extra.wsdl',
      'wsdlc-vendor.lock.json',
    ]);
    const lock = JSON.parse(readFileSync(join(cwd, 'wsdl/svc/wsdlc-vendor.lock.json'), 'utf8'));
    expect(lock).toEqual({
      lockVersion: 1,
      source: `${srv.base}/svc/Service.svc?wsdl`,
      main: 'Service.svc.wsdl',
      documents: [
        {
          url: `${srv.base}/svc/Service.svc?wsdl`,
          file: 'Service.svc.wsdl',
          sha256: sha(srv.docs.get('/svc/Service.svc?wsdl') ?? ''),
          bytes: expect.any(Number),
        },
        {
          url: `${srv.base}/svc/defs/extra.wsdl`,
          file: 'extra.wsdl',
          sha256: sha(srv.docs.get('/svc/defs/extra.wsdl') ?? ''),
          bytes: expect.any(Number),
        },
        {
          url: `${srv.base}/schemas/a.xsd`,
          file: 'a.xsd',
          sha256: sha(srv.docs.get('/schemas/a.xsd') ?? ''),
          bytes: expect.any(Number),
        },
        {
          url: `${srv.base}/old/c.xsd`,
          redirectedTo: `${srv.base}/schemas/c.xsd`,
          file: 'c.xsd',
          sha256: sha(srv.docs.get('/schemas/c.xsd') ?? ''),
          bytes: expect.any(Number),
        },
        {
          url: `${srv.base}/schemas/b.xsd`,
          file: 'b.xsd',
          sha256: sha(srv.docs.get('/schemas/b.xsd') ?? ''),
          bytes: expect.any(Number),
        },
      ],
    });
    const main = readFileSync(join(cwd, 'wsdl/svc/Service.svc.wsdl'), 'utf8');
    expect(main).toContain('<wsdl:import namespace="urn:t" location="extra.wsdl"/>');
    expect(main).toContain('<s:include schemaLocation="a.xsd"/>');
    expect(main).toContain('<s:import namespace="urn:c" schemaLocation="c.xsd"/>');
    expect(readFileSync(join(cwd, 'wsdl/svc/b.xsd'), 'utf8')).toContain('<xs:include schemaLocation="a.xsd"/>');
    // The include loop a.xsd <-> b.xsd was fetched once each.
    expect(srv.requests.filter((r) => r === '/schemas/a.xsd')).toHaveLength(1);
    expect(srv.requests.filter((r) => r === '/schemas/b.xsd')).toHaveLength(1);
  });

  it('generating from the vendored copy works offline and gives the same code as from the URL', async () => {
    const cwd = workspace();
    const url = `${srv.base}/svc/Service.svc?wsdl`;
    expect((await runCli(['vendor', url, '-o', 'vendored'], cwd, {})).code).toBe(0);
    await generate({ wsdl: url, output: 'from-url', cwd });
    await srv.close(); // offline from here on
    srv = await startDocServer(); // (closed again by afterEach; serves nothing)
    await generate({ wsdl: 'vendored/Service.svc.wsdl', output: 'from-copy', cwd });
    const a = snapshotTree(join(cwd, 'from-url'));
    const b = snapshotTree(join(cwd, 'from-copy'));
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    // The same code, but for the header naming the source and, in wsdl.ts (the WSDL served
    // on ?wsdl), the import locations that vendoring rewrote.
    const norm = (text: string): string =>
      text
        .replaceAll(url, 'SOURCE')
        .replaceAll('vendored/Service.svc.wsdl', 'SOURCE')
        .replace(/(schemaLocation|location)=\\?"[^"\\]*\\?"/g, '$1=LOC');
    for (const f of Object.keys(a)) {
      if (f === '.wsdlc-manifest.json') continue;
      expect(norm(b[f] ?? ''), f).toBe(norm(a[f] ?? ''));
    }
  });

  it('a second run reports what changed upstream; --check writes nothing and exits 1', async () => {
    const cwd = workspace();
    const url = `${srv.base}/svc/Service.svc?wsdl`;
    expect((await runCli(['vendor', url, '-o', 'v'], cwd, {})).code).toBe(0);
    const same = await runCli(['vendor', url, '-o', 'v', '--check'], cwd, {});
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('0 added, 0 changed, 0 removed, 5 unchanged');
    srv.docs.set('/schemas/b.xsd', (srv.docs.get('/schemas/b.xsd') ?? '').replace('value="8"', 'value="12"'));
    const before = readFileSync(join(cwd, 'v/b.xsd'), 'utf8');
    const check = await runCli(['vendor', url, '-o', 'v', '--check'], cwd, {});
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`  changed   v/b.xsd  <- ${srv.base}/schemas/b.xsd\n`);
    expect(readFileSync(join(cwd, 'v/b.xsd'), 'utf8')).toBe(before);
    const update = await runCli(['vendor', url, '-o', 'v'], cwd, {});
    expect(update.code).toBe(0);
    expect(update.stdout).toContain('0 added, 1 changed, 0 removed, 4 unchanged');
    expect(readFileSync(join(cwd, 'v/b.xsd'), 'utf8')).toContain('value="12"');
  });

  it('refuses an oversized document, too many documents, and file: references', async () => {
    const cwd = workspace();
    const url = `${srv.base}/svc/Service.svc?wsdl`;
    srv.docs.set(
      '/schemas/c.xsd',
      `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${' '.repeat(5000)}</xs:schema>`,
    );
    const big = await runCli(['vendor', url, '-o', 'v', '--max-bytes', '4000'], cwd, {});
    expect(big.code).toBe(1);
    expect(big.stderr).toMatch(
      new RegExp(
        `^${srv.base.replace(/[.]/g, '\\.')}/svc/Service\\.svc\\?wsdl:7:7: error: cannot vendor ${srv.base.replace(/[.]/g, '\\.')}/old/c\\.xsd: document too large`,
      ),
    );
    const many = await runCli(['vendor', url, '-o', 'v', '--max-documents', '3'], cwd, {});
    expect(many.code).toBe(1);
    expect(many.stderr).toContain('more than 3 documents are imported');
    srv.docs.set('/evil.wsdl', contract({ schema: ['<s:include schemaLocation="file:///etc/passwd"/>'] }));
    const evil = await runCli(['vendor', `${srv.base}/evil.wsdl`, '-o', 'v'], cwd, {});
    expect(evil.code).toBe(1);
    expect(evil.stderr).toContain('may not refer to a local file');
    const notHttp = await runCli(['vendor', 'file:///etc/passwd', '-o', 'v'], cwd, {});
    expect(notHttp.code).toBe(2);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('never writes outside -o, whatever the references are called', async () => {
    const cwd = workspace();
    srv.docs.set(
      '/a/b/main.wsdl',
      contract({
        schema: [
          '<s:include schemaLocation="../../../../x/..%2F..%2Fescape.xsd"/>',
          '<s:include schemaLocation="..%2Fup.xsd"/>',
        ],
      }),
    );
    srv.docs.set(
      '/x/..%2F..%2Fescape.xsd',
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t"/>',
    );
    srv.docs.set(
      '/a/b/..%2Fup.xsd',
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t"/>',
    );
    const run = await runCli(['vendor', `${srv.base}/a/b/main.wsdl`, '-o', 'out'], cwd, {});
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readdirSync(cwd)).toEqual(['out']);
    expect(readdirSync(join(cwd, 'out')).sort()).toEqual(
      ['main.wsdl', 'up.xsd', 'wsdlc-vendor.lock.json', 'escape.xsd'].sort(),
    );
  });

  it('--lenient vendors a served contract with recoverable defects (unbound xsd:, location= on include and redefine), each a located warning', async () => {
    const cwd = workspace();
    const main = `<?xml version="1.0"?>
<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="urn:b" targetNamespace="urn:b">
  <wsdl:types>
    <xsd:schema targetNamespace="urn:b" elementFormDefault="qualified">
      <xsd:include location="parts/types.xsd"/>
      <xsd:redefine location="parts/base.xsd"><xsd:simpleType name="Code"><xsd:restriction base="tns:Code"><xsd:maxLength value="4"/></xsd:restriction></xsd:simpleType></xsd:redefine>
    </xsd:schema>
  </wsdl:types>
  <wsdl:message name="In"><wsdl:part name="p" element="tns:Ping"/></wsdl:message>
  <wsdl:portType name="P"><wsdl:operation name="Ping"><wsdl:input message="tns:In"/></wsdl:operation></wsdl:portType>
  <wsdl:binding name="B" type="tns:P">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" style="document"/>
    <wsdl:operation name="Ping"><soap:operation soapAction="urn:Ping"/><wsdl:input><soap:body use="literal"/></wsdl:input></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="S"><wsdl:port name="SP" binding="tns:B"><soap:address location="http://127.0.0.1/b"/></wsdl:port></wsdl:service>
</wsdl:definitions>
`;
    srv.docs.set('/broken/Service.asmx?wsdl', main);
    srv.docs.set(
      '/broken/parts/types.xsd',
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:b" targetNamespace="urn:b" elementFormDefault="qualified"><xs:element name="Ping"><xs:complexType><xs:sequence><xs:element name="code" type="tns:Code"/></xs:sequence></xs:complexType></xs:element></xs:schema>',
    );
    srv.docs.set(
      '/broken/parts/base.xsd',
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:b"><xs:simpleType name="Code"><xs:restriction base="xs:string"/></xs:simpleType></xs:schema>',
    );
    const url = `${srv.base}/broken/Service.asmx?wsdl`;
    const strict = await runCli(['vendor', url, '-o', 'v'], cwd, {});
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(`${url}:4:6: error: not well-formed XML: unbound namespace prefix "xsd"`);
    expect(strict.stderr).toMatch(/unbound .*xsd/);
    const lenient = await runCli(['vendor', url, '-o', 'v', '--lenient'], cwd, {});
    expect(lenient.code).toBe(0);
    const warnings = lenient.stderr.split('\n').filter((l) => l.includes(': warning: '));
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${url.replace(/[.?]/g, '\\$&')}:4:6: warning: unbound prefix xsd: read as http://www\\.w3\\.org/2001/XMLSchema`,
        ),
      ),
      `${url}:5:7: warning: xsd:include has no schemaLocation attribute, but a "location" attribute (lenient: "parts/types.xsd" is followed as its schemaLocation)`,
      `${url}:6:7: warning: xsd:redefine has no schemaLocation attribute, but a "location" attribute (lenient: "parts/base.xsd" is followed as its schemaLocation)`,
    ]);
    expect(readdirSync(join(cwd, 'v')).sort()).toEqual(
      ['Service.asmx.wsdl', 'base.xsd', 'types.xsd', 'wsdlc-vendor.lock.json'].sort(),
    );
    const copy = readFileSync(join(cwd, 'v/Service.asmx.wsdl'), 'utf8');
    expect(copy).toContain('<xsd:include location="types.xsd"/>');
    expect(copy).toContain('<xsd:redefine location="base.xsd">');
    // The copy generates offline with --lenient: the included element and the redefined type.
    srv.docs.clear();
    const gen = await runCli(['generate', 'v/Service.asmx.wsdl', '-o', 'gen', '--lenient'], cwd, {});
    expect(gen.code).toBe(0);
    const types = readFileSync(join(cwd, 'gen/types.ts'), 'utf8');
    expect(types).toMatch(/code: Code;/);
    expect(types).toMatch(/export type Code = string;/);
  });
});
