import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDocuments } from '../../src/load/index.js';
import { expectWsdlcError } from './helpers.js';

const corpus = fileURLToPath(new URL('../../../shared/corpus', import.meta.url));

// The shared corpus lives outside the repository; skip where it is not mounted.
describe.skipIf(!existsSync(corpus))('loadDocuments on the real-world corpus', () => {
  it('loads Exchange Web Services (wsdl -> messages.xsd -> types.xsd with a UTF-8 BOM)', async () => {
    const set = await loadDocuments('large/ews/services.wsdl', { cwd: corpus });
    expect(set.documents.map((d) => d.displayName)).toEqual([
      'large/ews/services.wsdl',
      'large/ews/messages.xsd',
      'large/ews/types.xsd',
    ]);
    expect(set.documents[2]?.text.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('loads NetSuite: every XSD under xsd/ is reached once', async () => {
    const set = await loadDocuments(path.join(corpus, 'large/netsuite_2023_2/netsuite.wsdl'), { cwd: corpus });
    const xsds = set.documents.filter((d) => d.kind === 'xsd');
    expect(new Set(set.documents.map((d) => d.url)).size).toBe(set.documents.length);
    // The XSDs spell some locations "../xsd//name.xsd"; those must not load twice.
    expect(xsds).toHaveLength(46);
    expect(xsds.every((d) => d.displayName.startsWith('large/netsuite_2023_2/xsd/'))).toBe(true);
  });

  it('loads every ASMX contract as a single document', async () => {
    for (const f of ['cdyne_Weather.wsdl', 'webservicex_GlobalWeather.wsdl', 'wsdot_ferries_schedule.wsdl']) {
      const set = await loadDocuments(`asmx/${f}`, { cwd: corpus });
      expect(set.documents).toHaveLength(1);
    }
  });

  it('locates the truncated schema of node-soap/recursive in the imported file', async () => {
    const err = await expectWsdlcError(loadDocuments('node-soap/recursive/file.wsdl', { cwd: corpus }));
    expect(err.diagnostics[0]?.location).toMatchObject({ file: 'node-soap/recursive/A.xsd', line: 25 });
  });
});
