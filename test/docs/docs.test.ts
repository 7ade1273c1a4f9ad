/**
 * `wsdlc docs`: the Auth Markdown page's endpoint tables carry what the seed
 * document's tables carry; text from a hostile WSDL shows as text in HTML and
 * Markdown; the same contract gives the same bytes; `check` finds a stale docs
 * folder of the config; nothing is written outside the docs folder. Generated in
 * memory (docsFiles) where the writer is not under test; code generation is faked.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsFiles } from '../../src/emit/docs/docs-files.js';
import type { GeneratedFile } from '../../src/emit/types.js';
import { DEFAULT_TYPE_MAPPING } from '../../src/emit/types.js';
import { check, docs, generate } from '../../src/generate/generate.js';
import { defaultLoad } from '../../src/generate/pipeline.js';
import { authProject, cleanup, fakeEmit, ROOT, runCli, snapshotTree, tempDir } from '../cli/helpers.js';

const OPTIONS = { types: DEFAULT_TYPE_MAPPING, sourceLabel: 'wsdl/auth.wsdl', toolVersion: '0.0.0' };
const dirs: string[] = [];
afterAll(() => cleanup(dirs));

async function docsOf(wsdl: string): Promise<GeneratedFile[]> {
  const { model, wsdlText } = await defaultLoad(wsdl, { cwd: path.dirname(wsdl) });
  return docsFiles(model, OPTIONS, wsdlText);
}

function fileOf(files: readonly GeneratedFile[], p: string): string {
  const f = files.find((x) => x.path === p);
  if (f === undefined) throw new Error(`no ${p} among ${files.map((x) => x.path).join(', ')}`);
  return f.content;
}

/** The cells of a Markdown table row, split at unescaped pipes. */
function cells(row: string): string[] {
  return row
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((c) => c.trim());
}

/** A cell as plain text: code spans' backticks and backslash escapes dropped. */
function plain(cell: string): string {
  return cell.replace(/`+/g, '').replace(/\\(.)/g, '$1');
}

/** The rows (header first) of the first table after the line `heading`. */
function tableAfter(md: string, heading: string): string[][] {
  const lines = md.split('\n');
  let i = lines.indexOf(heading);
  expect(i, heading).toBeGreaterThanOrEqual(0);
  while (i < lines.length && !lines[i]!.startsWith('|')) i++;
  const rows: string[][] = [];
  for (; i < lines.length && lines[i]!.startsWith('|'); i++)
    if (!/^\|[\s|-]+\|$/.test(lines[i]!)) rows.push(cells(lines[i]!));
  return rows;
}

describe('Auth: the Markdown endpoint tables carry the seed tables', () => {
  let md = '';
  const seed = readFileSync(path.join(ROOT, '../shared/seed/auth-endpoint.md'), 'utf8');
  const names = [
    'Login',
    'Logout',
    'Username',
    'Password',
    'LoginResponse',
    'LoginResult',
    'LogoutResponse',
    'LogoutResult',
    'ServiceTicket',
    'EmAuthResult',
  ];
  beforeAll(async () => {
    md = fileOf(await docsOf(path.join(ROOT, 'wsdl/auth.wsdl')), 'Auth.md');
  });

  for (const [op, seedHeading] of [
    ['Login', '### 4.1 Login'],
    ['Logout', '### 4.2 Logout'],
  ] as const) {
    it(`${op}: binding, method, path, content types and payloads`, () => {
      const want = tableAfter(seed, seedHeading);
      const got = tableAfter(md, `## ${op}`);
      expect(got[0]).toEqual(want[0]);
      expect(got.length).toBe(want.length);
      for (let r = 1; r < want.length; r++) {
        const w = want[r]!;
        const g = got[r]!.map(plain);
        // Binding, method, path, request and response content types: as the seed gives them.
        for (const c of [0, 1, 2, 3, 5]) expect(g[c], `${w[0]} column ${want[0]![c]}`).toBe(w[c]);
        // Payloads: every element the seed names (SOAP 1.2 "same Body as SOAP 1.1": SOAP 1.1's), and its envelope namespace.
        for (const c of [4, 6]) {
          const text = w[c]!.includes('Same Body as SOAP 1.1') ? `${w[c]} ${want[1]![c]}` : w[c]!;
          const words = new Set(text.match(/\b[A-Z][A-Za-z]+\b/g));
          for (const n of names.filter((x) => words.has(x))) expect(g[c], `${w[0]}: ${n}`).toContain(n);
          for (const url of w[c]!.match(/https?:\/\/[^\s)]+[^\s).]/g) ?? []) expect(g[c]).toContain(url);
          if (/Query parameter/.test(w[c]!)) expect(g[c]).toMatch(/^Query parameters? /);
          if (/Form field/.test(w[c]!)) expect(g[c]).toMatch(/^Form fields? /);
        }
      }
    });
  }

  it('names the SOAP 1.1 SOAPAction, and none for SOAP 1.2, as the seed does', () => {
    const section = md.slice(md.indexOf('## Login\n'), md.indexOf('## Logout\n'));
    expect(section).toContain(
      'SOAP 1.1 requests carry the header `SOAPAction: "http://schemas.example.com/ecomm/auth/Login"`.',
    );
    expect(section).not.toContain('SOAP 1.2 requests carry');
  });
});

/** A contract whose every text is hostile: documentation, enumeration values, SOAPAction, address. */
const EVIL_DOC =
  'Evil <script>alert(1)</script> <img src=x onerror=alert(2)> [click](javascript:alert(3)) &amp; `tick` ``two`` a|b\n\n# Owned\n\n- item\n\n1. ordered\n\n---\n\n<!-- c --> $x$ ![i](http://x/i.png)';
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const HOSTILE = `<?xml version="1.0" encoding="utf-8"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
  xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:evil" targetNamespace="urn:evil">
  <documentation>${esc(EVIL_DOC)}</documentation>
  <types>
    <s:schema targetNamespace="urn:evil" elementFormDefault="qualified">
      <s:simpleType name="Kind"><s:restriction base="s:string">
        <s:enumeration value="&lt;script&gt;x&lt;/script&gt;"/><s:enumeration value="a|b\`c"/>
      </s:restriction></s:simpleType>
      <s:element name="Get"><s:complexType><s:sequence>
        <s:element name="Kind" type="tns:Kind"/>
      </s:sequence></s:complexType></s:element>
      <s:element name="GetResponse"><s:complexType><s:sequence>
        <s:element name="Out" type="s:string"/>
      </s:sequence></s:complexType></s:element>
    </s:schema>
  </types>
  <message name="In"><part name="p" element="tns:Get"/></message>
  <message name="Out"><part name="p" element="tns:GetResponse"/></message>
  <portType name="PT">
    <operation name="Get"><documentation>${esc(EVIL_DOC)}</documentation><input message="tns:In"/><output message="tns:Out"/></operation>
    <operation name="get"><input message="tns:In"/><output message="tns:Out"/></operation>
  </portType>
  <binding name="B" type="tns:PT">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="Get"><soap:operation soapAction="urn:a\`|&lt;script&gt;"/><input><soap:body use="literal"/></input><output><soap:body use="literal"/></output></operation>
    <operation name="get"><soap:operation soapAction="urn:b"/><input><soap:body use="literal"/></input><output><soap:body use="literal"/></output></operation>
  </binding>
  <service name="Evil.Svc"><documentation>${esc(EVIL_DOC)}</documentation>
    <port name="P" binding="tns:B"><soap:address location="http://localhost/e|v/svc.asmx"/></port>
  </service>
</definitions>
`;

describe('a hostile contract: every text shows as text', () => {
  let files: GeneratedFile[] = [];
  beforeAll(async () => {
    const dir = tempDir();
    dirs.push(dir);
    writeFileSync(path.join(dir, 'evil.wsdl'), HOSTILE);
    files = await docsOf(path.join(dir, 'evil.wsdl'));
  });

  it('writes only safe file names, unique ignoring case', () => {
    expect(files.map((f) => f.path).sort()).toEqual([
      'Evil_Svc.html',
      'Evil_Svc.md',
      'Evil_Svc/Get.html',
      'Evil_Svc/get-2.html',
    ]);
  });

  it('HTML: markup from the WSDL is escaped', () => {
    for (const f of files.filter((x) => x.path.endsWith('.html'))) {
      expect(f.content, f.path).not.toMatch(/<script|<img|<!-- c/i);
      expect(f.content, f.path).not.toContain('No sample');
    }
    for (const p of ['Evil_Svc.html', 'Evil_Svc/Get.html'])
      expect(fileOf(files, p)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(fileOf(files, 'Evil_Svc/Get.html')).toContain('&lt;script&gt;x&lt;/script&gt;');
    // No test form on a static page: a note in its place.
    expect(fileOf(files, 'Evil_Svc/Get.html')).not.toContain('<form');
    expect(fileOf(files, 'Evil_Svc/Get.html')).toContain(
      'The test form needs the running service: open /e|v/svc.asmx?op=Get on the service',
    );
  });

  it('Markdown: no markup, link, heading or cell boundary comes from the WSDL', () => {
    const md = fileOf(files, 'Evil_Svc.md');
    // Outside fenced blocks and code spans (shown verbatim), nothing unescaped opens markup.
    const prose = md
      .replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\n/gm, '')
      .replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '')
      .split('\n')
      .slice(1); // the generated-file comment
    for (const line of prose) {
      expect(line, line).not.toMatch(/(?<!\\)[<&$!]/);
      if (line.startsWith('#'))
        expect(line).toMatch(/^#{1,3} (Evil\.Svc web service|Endpoints|Operations|Get|get)( over SOAP 1\.1)?$/);
      // No block opens (list item, ordered item, quote, thematic break) but the operations list's own items.
      if (!/^- \[/.test(line)) expect(line).not.toMatch(/^(?:[-+*>]|\d+[.)])(?: |$)|^(?:-{3,}|={3,}|\*{3,})\s*$/);
      for (const m of line.matchAll(/(?<!\\)\[((?:\\.|[^\]\\])*)\]\(([^)]*)\)/g))
        expect(m[2], line).toMatch(/^(#[\p{L}\p{N}_-]+|[A-Za-z0-9_-]+\.html)$/u);
    }
    expect(prose).toContain('\\# Owned');
    expect(prose).toContain('\\- item');
    expect(prose).toContain('1\\. ordered');
    expect(prose).toContain('\\---');
    // Every table row has as many cells as its header.
    let width = 0;
    for (const line of md.split('\n')) {
      if (!line.startsWith('|')) {
        width = 0;
        continue;
      }
      const n = cells(line).length;
      if (width === 0) width = n;
      expect(n, line).toBe(width);
    }
    // Inline code survives backticks inside: a longer fence.
    expect(md).toContain('requests carry the header ``SOAPAction: "urn:a`|<script>"``.');
    expect(md).toContain('| `http://localhost/e\\|v/svc.asmx` |');
    expect(md).toContain('| /e\\|v/svc.asmx |');
  });
});

describe('determinism, the writer, and check', () => {
  it('gives the same bytes twice', async () => {
    const wsdl = path.join(ROOT, 'wsdl/auth.wsdl');
    expect(await docsOf(wsdl)).toEqual(await docsOf(wsdl));
  });

  it('writes only inside -o, and a second run changes nothing', async () => {
    const dir = tempDir();
    dirs.push(dir);
    mkdirSync(path.join(dir, 'wsdl'));
    writeFileSync(path.join(dir, 'wsdl/auth.wsdl'), readFileSync(path.join(ROOT, 'wsdl/auth.wsdl')));
    writeFileSync(path.join(dir, 'keep.txt'), 'mine');
    const before = snapshotTree(dir);
    const run = await runCli(['docs', 'wsdl/auth.wsdl', '-o', 'site/api'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const after = snapshotTree(dir);
    const added = Object.keys(after).filter((p) => !(p in before));
    expect(added.sort()).toEqual([
      'site/api/.wsdlc-manifest.json',
      'site/api/Auth.html',
      'site/api/Auth.md',
      'site/api/Auth/Login.html',
      'site/api/Auth/Logout.html',
    ]);
    for (const p of Object.keys(before)) expect(after[p]).toBe(before[p]);
    const again = await docs({ wsdl: 'wsdl/auth.wsdl', output: 'site/api', cwd: dir });
    expect(again.contracts[0]!.changes.every((c) => c.action === 'unchanged')).toBe(true);
    expect(snapshotTree(dir)).toEqual(after);
  });

  it('check finds a stale docs folder listed in the config; generate brings it up to date', async () => {
    const dir = authProject(dirs, {
      contracts: [{ wsdl: 'wsdl/auth.wsdl', output: 'generated/auth', docs: 'api-docs' }],
    });
    // `docs` without arguments writes the config's docs folders only.
    await docs({ cwd: dir, emit: fakeEmit });
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
    await generate({ cwd: dir, emit: fakeEmit });
    expect((await check({ cwd: dir, emit: fakeEmit })).upToDate).toBe(true);
    writeFileSync(path.join(dir, 'api-docs/Auth.md'), 'edited\n');
    rmSync(path.join(dir, 'api-docs/Auth/Login.html'));
    const stale = await check({ cwd: dir, emit: fakeEmit });
    expect(stale.upToDate).toBe(false);
    const report = stale.contracts.find((c) => c.output === 'api-docs');
    expect(report?.changes.filter((c) => c.action !== 'unchanged')).toEqual([
      { path: 'Auth.md', action: 'change' },
      { path: 'Auth/Login.html', action: 'create' },
    ]);
    const cli = await runCli(['check'], dir);
    expect(cli.code).toBe(1);
    expect(cli.stdout + cli.stderr).toContain('api-docs/Auth.md');
    await generate({ cwd: dir, emit: fakeEmit });
    expect((await check({ cwd: dir, emit: fakeEmit })).upToDate).toBe(true);
  });

  it('refuses a docs folder overlapping an output folder, and a config listing none', async () => {
    const dir = authProject(dirs, {
      contracts: [{ wsdl: 'wsdl/auth.wsdl', output: 'generated/auth', docs: 'generated/auth/docs' }],
    });
    await expect(generate({ cwd: dir, emit: fakeEmit })).rejects.toThrow(/overlapping/);
    const none = authProject(dirs, { contracts: [{ wsdl: 'wsdl/auth.wsdl', output: 'generated/auth' }] });
    const run = await runCli(['docs'], none);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('lists a "docs" folder');
  });
});
