/**
 * `wsdlc validate` and `wsdlc generate` on WSDL 2.0: located diagnostics
 * (`file:line:column: severity: message`) and exit codes as for WSDL 1.1;
 * `--lenient` turns reference errors into warnings and generates.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { cleanup, runCli, tempDir } from '../cli/helpers.js';

const dirs: string[] = [];
afterAll(() => cleanup(dirs));

const BROKEN = `<?xml version="1.0"?>
<description xmlns="http://www.w3.org/ns/wsdl" xmlns:tns="urn:t" xmlns:s="http://www.w3.org/2001/XMLSchema"
    xmlns:wsoap="http://www.w3.org/ns/wsdl/soap" targetNamespace="urn:t">
  <types>
    <s:schema targetNamespace="urn:t"><s:element name="Ping" type="s:string"/></s:schema>
  </types>
  <interface name="I">
    <operation name="Ping" pattern="http://www.w3.org/ns/wsdl/in-out">
      <input element="tns:Ping"/>
      <output element="tns:Pong"/>
    </operation>
  </interface>
  <binding name="B" interface="tns:I" type="http://www.w3.org/ns/wsdl/soap" wsoap:protocol="http://www.w3.org/2003/05/soap/bindings/HTTP/"/>
  <service name="S" interface="tns:I">
    <endpoint name="E" binding="tns:B" address="http://example.com/ping"/>
  </service>
</description>
`;

function project(): string {
  const dir = tempDir();
  dirs.push(dir);
  writeFileSync(join(dir, 'c.wsdl'), BROKEN);
  return dir;
}

describe('wsdlc on WSDL 2.0', () => {
  it('validate: exits 1 with the error located at the WSDL 2.0 output element', async () => {
    const r = await runCli(['validate', 'c.wsdl'], project());
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^c\.wsdl:10:7: error: undefined element \{urn:t\}Pong/m);
  });

  it('validate --lenient: the same problem as a warning, exit 0', async () => {
    const r = await runCli(['validate', '--lenient', 'c.wsdl'], project());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^c\.wsdl:10:7: warning: undefined element \{urn:t\}Pong.*lenient/m);
  });

  it('generate: refuses with the located error; --lenient generates', async () => {
    const dir = project();
    const strict = await runCli(['generate', 'c.wsdl', '-o', 'out'], dir, { emit: emitFiles });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/c\.wsdl:10:7: .*undefined element \{urn:t\}Pong/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
    const lenient = await runCli(['generate', '--lenient', 'c.wsdl', '-o', 'out'], dir, { emit: emitFiles });
    expect(lenient.code).toBe(0);
    expect(existsSync(join(dir, 'out/client.ts'))).toBe(true);
  });
});
