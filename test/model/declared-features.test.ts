/**
 * The optional runtime features a contract declares (src/model/declared-features.ts):
 * attachments (a mime:multipartRelated binding, xmime content types, a swaRef, an
 * MTOM policy assertion) and WS-Security (a WS-SecurityPolicy UsernameToken), read
 * into `WsdlModel.declares`; the Auth contract declares neither.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredFeatures } from '../../src/model/declared-features.js';
import { buildModel } from '../../src/model/build-model.js';
import { loadModel } from '../../src/model/index.js';
import { parseXml } from '../../src/runtime/xml/xml-parse.js';
import { loadedFrom, wsdl } from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

function declares(xml: string): ReturnType<typeof declaredFeatures> {
  return declaredFeatures([parseXml(xml)]);
}

describe('declared features', () => {
  it.each([
    [
      'a mime:multipartRelated binding (WSDL 1.1 §5.4)',
      '<b xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/"><input><mime:multipartRelated/></input></b>',
    ],
    [
      'xmime:expectedContentTypes',
      '<s xmlns:xmime="http://www.w3.org/2005/05/xmlmime"><e name="p" type="x" xmime:expectedContentTypes="image/*"/></s>',
    ],
    [
      'xmime:contentType',
      '<s xmlns:xmime="http://www.w3.org/2005/05/xmlmime"><attribute xmime:contentType="image/png"/></s>',
    ],
    ['a swaRef', '<s xmlns:ref="http://ws-i.org/profiles/basic/1.1/xsd"><element name="a" type="ref:swaRef"/></s>'],
    [
      'wsoma:OptimizedMimeSerialization',
      '<p xmlns:wsoma="http://schemas.xmlsoap.org/ws/2004/09/policy/optimizedmimeserialization"><wsoma:OptimizedMimeSerialization/></p>',
    ],
    ['mtom:MTOM', '<p xmlns:mtom="http://www.w3.org/2007/08/soap12-mtom-policy"><mtom:MTOM/></p>'],
  ])('attachments: %s', (_what, xml) => {
    expect(declares(xml)).toEqual({ attachments: true });
  });

  it.each([
    'http://schemas.xmlsoap.org/ws/2005/07/securitypolicy',
    'http://docs.oasis-open.org/ws-sx/ws-securitypolicy/200702',
  ])('WS-Security: a UsernameToken assertion of %s', (ns) => {
    expect(declares(`<p xmlns:sp="${ns}"><sp:SupportingTokens><sp:UsernameToken/></sp:SupportingTokens></p>`)).toEqual({
      wsSecurity: true,
    });
  });

  it('lookalikes declare nothing: a swaRef of another namespace, an unprefixed contentType, a UsernameToken outside a policy', () => {
    expect(declares('<s xmlns:o="urn:other"><element name="a" type="o:swaRef"/></s>')).toEqual({});
    expect(declares('<s><attribute contentType="image/png"/></s>')).toEqual({});
    expect(declares('<s xmlns:w="urn:other"><w:UsernameToken/></s>')).toEqual({});
  });

  it('the model carries them; the Auth contract declares none', () => {
    const body =
      '<wsp:Policy xmlns:wsp="http://schemas.xmlsoap.org/ws/2004/09/policy" wsu:Id="p" xmlns:wsu="urn:u">' +
      '<wsoma:OptimizedMimeSerialization xmlns:wsoma="http://schemas.xmlsoap.org/ws/2004/09/policy/optimizedmimeserialization"/>' +
      '</wsp:Policy>';
    const model = buildModel(loadedFrom({ name: 't.wsdl', text: wsdl('', body) }));
    expect(model.declares).toEqual({ attachments: true });
    const auth = buildModel(
      loadedFrom({ name: 'auth.wsdl', text: readFileSync(path.join(ROOT, 'wsdl/auth.wsdl'), 'utf8') }),
    );
    expect(auth.declares).toBeUndefined();
  });

  it('a WCF contract of the corpus with an optional wsoma:OptimizedMimeSerialization policy declares attachments', async () => {
    const wsdl = path.join(
      ROOT,
      '../shared/corpus/node-soap-samples/request-response-samples/IndienenBericht__should_work_with_deeply_nested_XML_messages/soap.wsdl',
    );
    expect((await loadModel(wsdl)).declares).toEqual({ attachments: true });
  });
});
