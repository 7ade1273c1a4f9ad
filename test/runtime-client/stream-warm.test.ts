/**
 * Issue 31: a warm process stays warm across full collections (xml/keep-layout.ts). V8 lets
 * an object layout go two full collections after the last object that had it, and throws away
 * the optimised code that checks for it ("reason: weak objects" in `node --trace-deopt`). The
 * scanner, the leaf reader, the decoder's frames and compact leaves are made per decode and
 * dropped after it; one of each kept by the runtime keeps their layouts, so the code that
 * decoded the last answer still decodes the next one after the process has collected.
 *
 * In a child process with V8's tracing (test/support/warm-trace.ts): the decode's code must
 * have been optimised before the collections, and none of it thrown away by them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { expectStaysWarm } from '../support/warm-trace.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const src = (file: string): string => JSON.stringify(path.join(ROOT, 'src/runtime', file));

/**
 * Functions of the scanner, the leaf reader and the frames that a records answer keeps hot: a
 * record's fields are read by one match of their run and taken by the record's frame in one call,
 * its fields by `takeLeaves` and the run's tail of xsd:any leaves by `runLeaves` (xml-compact.ts).
 */
const HOT = [
  'contentLoop',
  'startTag',
  'readGuessed',
  'readRun',
  'leafRun',
  'takeLeaves',
  'runLeaves',
  'close',
  'spend',
];

const SCRIPT = `
  import { decodeStreaming, valueFrame } from ${src('wire/codec-stream.ts')};
  import { parseXml } from ${src('xml/xml-parse.ts')};
  const field = (prop, scalar) => ({ prop, name: prop, ns: 'urn:h', value: { scalar }, min: 0, max: 1 });
  const types = {
    Rec: { name: 'Rec', ns: 'urn:h', any: '$any', fields: [field('Id', 'string'), field('Amount', 'double')] },
    Holder: { name: 'Holder', ns: 'urn:h', fields: [{ ...field('rec', undefined), value: { complex: 'Rec' }, max: -1 }] },
  };
  let text = '<h:Holder xmlns:h="urn:h" xmlns:o="urn:o">';
  for (let i = 0; i < 3000; i++)
    text += '<h:rec><h:Id>' + i + '</h:Id><h:Amount>' + i + '.5</h:Amount><o:City>Paris</o:City><o:Phone>+33 1 ' + i + '</o:Phone><o:Fax/></h:rec>';
  text += '</h:Holder>';
  // In a function: no local of the caller holds a decode's objects.
  const decode = () => {
    const value = decodeStreaming(text, {}, (root) => valueFrame(root, { complex: 'Holder' }, types));
    if (value.rec?.length !== 3000 || value.rec[7].$any[1].children[0] !== '+33 1 7') throw new Error('not decoded');
    parseXml(text);
  };
  for (let k = 0; k < 12; k++) decode();
  console.log('=== collections');
  for (let k = 0; k < 4; k++) globalThis.gc();
  console.log('=== after');
  decode();
`;

describe('a warm process after full collections', () => {
  it(
    'keeps the optimised code of the scanner, the leaf reader and the frames',
    () => expectStaysWarm(SCRIPT, HOT),
    60_000,
  );
});
