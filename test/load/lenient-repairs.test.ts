/**
 * Lenient mode, issue 30: an XML declaration after comments or blank lines, the WS-Policy
 * family's prefixes (sp, sp13, wsrm, wsrmp, wsam, ...) used undeclared, and a WSDL 1.1
 * document whose root `definitions` is in no namespace. Each is refused strictly at its
 * location and repaired leniently with one located warning. Snippets are hand-written; the
 * contracts are this repository's own (test/corpus/local/lenient, see its SOURCES.tsv).
 */
import { describe, expect, it } from 'vitest';
import { loadDocuments } from '../../src/load/index.js';
import { findMisplacedDeclaration } from '../../src/load/misplaced-declaration.js';
import type { XmlElement } from '../../src/runtime/xml/xml-parse.js';
import { expectWsdlcError, writeTree } from './helpers.js';

const WSDL = 'http://schemas.xmlsoap.org/wsdl/';

async function load(main: string | Uint8Array, lenient: boolean) {
  const tree = await writeTree({ 'main.wsdl': main });
  try {
    return await loadDocuments('main.wsdl', { cwd: tree.dir, lenient });
  } finally {
    await tree.remove();
  }
}

/** Every element of the tree, in document order. */
function elements(el: XmlElement): XmlElement[] {
  return [el, ...el.children.flatMap((c) => (typeof c === 'string' ? [] : elements(c)))];
}

const BODY = `<wsdl:definitions xmlns:wsdl="${WSDL}" targetNamespace="urn:t"><wsdl:documentation>Café</wsdl:documentation></wsdl:definitions>\n`;

describe('lenient mode: an XML declaration after comments or blank lines', () => {
  it('strict mode refuses it where it stands', async () => {
    const err = await expectWsdlcError(load(`\n\n<?xml version="1.0"?>\n${BODY}`, false));
    expect(err.message).toBe(
      'main.wsdl:3:1: not well-formed XML: the XML declaration is allowed only at the very start of the document',
    );
  });

  it('lenient mode reads it, with one located warning, and keeps positions and the text as written', async () => {
    const text = `<!-- licence -->\n  <?xml version="1.0" encoding="utf-8"?>\n${BODY}`;
    const set = await load(text, true);
    expect(set.recovered).toEqual([
      {
        severity: 'warning',
        message:
          'the XML declaration stands after comments or blank lines, where XML 1.0 §2.8 does not allow it (lenient: read as if it opened the document)',
        location: { file: 'main.wsdl', line: 2, column: 3 },
      },
    ]);
    expect([set.main.root.ns, set.main.root.line, set.main.root.column]).toEqual([WSDL, 3, 1]);
    expect(set.main.text).toBe(text);
  });

  it('decodes by the encoding the misplaced declaration names', async () => {
    const text = `<!-- x -->\n<?xml version="1.0" encoding="ISO-8859-1"?>\n${BODY}`;
    const set = await load(Buffer.from(text, 'latin1'), true);
    expect(set.main.text).toContain('Café');
    // Strictly, the bytes are read as UTF-8 (no declaration at the start), and é (0xE9) is not UTF-8.
    const err = await expectWsdlcError(load(Buffer.from(text, 'latin1'), false));
    expect(err.message).toMatch(/^main\.wsdl:3:\d+: bytes that are not valid UTF-8/);
  });

  it('repairs only a declaration preceded by nothing but white space and comments', () => {
    expect(findMisplacedDeclaration('<?xml version="1.0"?><a/>')).toBeUndefined();
    expect(findMisplacedDeclaration(' <?xml version="1.0"?><a/>')).toEqual({ start: 1, end: 22 });
    expect(findMisplacedDeclaration('<!-- a --><!-- b -->\r\n<?xml version="1.0"?><a/>')).toEqual({
      start: 22,
      end: 43,
    });
    expect(findMisplacedDeclaration('<a/><?xml version="1.0"?>')).toBeUndefined();
    expect(findMisplacedDeclaration('<?pi x?><?xml version="1.0"?><a/>')).toBeUndefined();
    expect(findMisplacedDeclaration(' <?xml-stylesheet href="a"?><a/>')).toBeUndefined();
  });

  it('still refuses a declaration after the root start tag, in lenient mode too', async () => {
    const err = await expectWsdlcError(
      load(`<wsdl:definitions xmlns:wsdl="${WSDL}"><?xml version="1.0"?></wsdl:definitions>`, true),
    );
    expect(err.message).toMatch(
      /^main\.wsdl:1:\d+: not well-formed XML: the XML declaration is allowed only at the very start/,
    );
  });
});

describe('lenient mode: the WS-Policy family of prefixes', () => {
  it('reads sp, sp13, wsrm, wsrmp, wst, wsoma and wsx with their specifications’ namespaces', async () => {
    const uses = ['sp:A', 'sp13:B', 'wsrm:C', 'wsrmp:D', 'wst:E', 'wsoma:F', 'wsx:G'];
    const doc = `<wsdl:definitions xmlns:wsdl="${WSDL}">\n${uses.map((u) => `<${u}/>`).join('\n')}\n</wsdl:definitions>`;
    await expect(load(doc, false)).rejects.toThrow(
      /^main\.wsdl:2:2: not well-formed XML: unbound namespace prefix "sp"/,
    );
    const set = await load(doc, true);
    expect(set.main.root.children.filter((c) => typeof c !== 'string').map((c) => (c as XmlElement).ns)).toEqual([
      'http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702',
      'http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200802',
      'http://docs.oasis-open.org/ws-rx/wsrm/200702',
      'http://docs.oasis-open.org/ws-rx/wsrmp/200702',
      'http://docs.oasis-open.org/ws-sx/ws-trust/200512',
      'http://schemas.xmlsoap.org/ws/2004/09/policy/optimizedmimeserialization',
      'http://schemas.xmlsoap.org/ws/2004/09/mex',
    ]);
    expect(set.recovered?.map((d) => `${d.location?.line}:${d.location?.column}`)).toEqual(
      uses.map((_, i) => `${i + 2}:2`),
    );
  });
});

describe('lenient mode: a WSDL 1.1 root definitions in no namespace', () => {
  const doc = (inner: string) => `<definitions targetNamespace="urn:t">\n  ${inner}\n</definitions>\n`;

  it('strict mode refuses the root; lenient mode reads the WSDL 1.1 elements in the WSDL namespace', async () => {
    const inner =
      '<message name="M"><part name="p" type="x:string" xmlns:x="http://www.w3.org/2001/XMLSchema"/></message><types><s xmlns="urn:other"/></types>';
    const err = await expectWsdlcError(load(doc(inner), false));
    expect(err.message).toBe(
      `main.wsdl:1:1: root element is <definitions> in no namespace; expected wsdl:definitions (${WSDL}), a WSDL 2.0 description (http://www.w3.org/ns/wsdl) or xsd:schema`,
    );
    const set = await load(doc(inner), true);
    expect(set.main.kind).toBe('wsdl');
    expect(elements(set.main.root).map((e) => `${e.name} ${e.ns}`)).toEqual([
      `definitions ${WSDL}`,
      `message ${WSDL}`,
      `part ${WSDL}`,
      `types ${WSDL}`,
      // An element inside types keeps its own namespace.
      's urn:other',
    ]);
    expect(set.recovered).toEqual([
      {
        severity: 'warning',
        message: `root element <definitions> is in no namespace, but its content is WSDL 1.1 (lenient: its WSDL 1.1 elements are read in ${WSDL})`,
        location: { file: 'main.wsdl', line: 1, column: 1 },
      },
    ]);
  });

  it('leaves a no-namespace definitions whose content is not WSDL 1.1 refused', async () => {
    for (const inner of ['<documentation/>', '<message name="M"/><invoice/>']) {
      const err = await expectWsdlcError(load(doc(inner), true));
      expect(err.message).toMatch(/^main\.wsdl:1:1: root element is <definitions> in no namespace/);
    }
  });
});
