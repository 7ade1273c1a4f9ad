import { describe, expect, it } from 'vitest';
import type { FaultDesc, ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { parseFault, SoapFault, SoapFaultError, writeFault } from '../../src/runtime/wire/faults.js';
import { parseEnvelope, SOAP_11_ENV_NS, SOAP_12_ENV_NS } from '../../src/runtime/wire/soap-envelope.js';
import { parseXml, type XmlElement } from '../../src/runtime/xml/xml-parse.js';

const TYPES: ServiceDesc['types'] = {
  AuthFault: {
    name: 'AuthFault',
    ns: 'urn:f',
    fields: [{ prop: 'Code', name: 'Code', ns: 'urn:f', value: { scalar: 'int' }, min: 1, max: 1 }],
  },
};
const FAULTS: FaultDesc[] = [
  { name: 'AuthFault', element: { name: 'AuthFaultDetail', ns: 'urn:f' }, value: { complex: 'AuthFault' } },
];

function roundTrip(version: '1.1' | '1.2', fault: SoapFault): { xml: string; err: SoapFaultError } {
  const xml = writeFault(version, fault, { faults: FAULTS, types: TYPES });
  const env = parseEnvelope(xml);
  expect(env.version).toBe(version);
  return { xml, err: parseFault(env.body, env.version, { faults: FAULTS, types: TYPES, httpStatus: 500 }) };
}

describe('writeFault', () => {
  it('writes a SOAP 1.1 fault (SOAP 1.1 §4.4)', () => {
    const xml = writeFault('1.1', new SoapFault({ code: 'Client', reason: 'bad & wrong', actor: 'urn:me' }));
    expect(xml).toContain(
      '<soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>bad &amp; wrong</faultstring><faultactor>urn:me</faultactor><detail/></soap:Fault></soap:Body>',
    );
  });
  it('writes a SOAP 1.2 fault mapping Client to Sender with subcodes (SOAP 1.2 Part 1 §5.4)', () => {
    const xml = writeFault(
      '1.2',
      new SoapFault({ code: 'Client', subcodes: ['{urn:app}BadTicket'], reason: 'no', node: 'urn:n', actor: 'urn:r' }),
    );
    expect(xml).toContain(
      '<soap12:Fault><soap12:Code><soap12:Value>soap12:Sender</soap12:Value><soap12:Subcode><soap12:Value xmlns:ns1="urn:app">ns1:BadTicket</soap12:Value></soap12:Subcode></soap12:Code><soap12:Reason><soap12:Text xml:lang="en">no</soap12:Text></soap12:Reason><soap12:Node>urn:n</soap12:Node><soap12:Role>urn:r</soap12:Role><soap12:Detail/></soap12:Fault>',
    );
    expect(writeFault('1.2', new SoapFault('boom'))).toContain('<soap12:Value>soap12:Receiver</soap12:Value>');
  });
  it('writes typed detail for a declared fault and a debug stack trace', () => {
    const xml = writeFault(
      '1.1',
      new SoapFault({ code: 'Client', reason: 'r', fault: 'AuthFault', detail: { Code: 42 } }),
      {
        faults: FAULTS,
        types: TYPES,
        debug: true,
      },
    );
    expect(xml).toContain(
      '<detail><AuthFaultDetail xmlns="urn:f"><Code>42</Code></AuthFaultDetail><StackTrace xmlns="urn:wsdlc:debug">',
    );
  });
});

describe('parseFault', () => {
  it.each(['1.1', '1.2'] as const)('round-trips code, subcodes, reason, actor and typed detail over SOAP %s', (v) => {
    const { err } = roundTrip(
      v,
      new SoapFault({
        code: 'Client',
        subcodes: ['Expired'],
        reason: 'ticket expired',
        actor: 'urn:a',
        fault: 'AuthFault',
        detail: { Code: 7 },
      }),
    );
    expect(err).toBeInstanceOf(SoapFaultError);
    expect(err).toBeInstanceOf(SoapFault);
    expect(err.code).toBe('Client');
    expect(err.subcodes).toEqual(['Expired']);
    expect(err.reason).toBe('ticket expired');
    expect(err.actor).toBe('urn:a');
    expect(err.detail).toEqual({ Code: 7 });
    expect(err.fault).toBe('AuthFault');
    expect(err.detailXml?.name).toBe(v === '1.1' ? 'detail' : 'Detail');
    expect(err.soapVersion).toBe(v);
    expect(err.httpStatus).toBe(500);
    expect(err.message).toBe('SOAP fault Client/Expired: ticket expired');
  });
  it('parses an ASMX SOAP 1.1 server fault', () => {
    const body = `<soap:Envelope xmlns:soap="${SOAP_11_ENV_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>Server was unable to process request. ---&gt; boom</faultstring><detail /></soap:Fault></soap:Body></soap:Envelope>`;
    const env = parseEnvelope(body);
    const err = parseFault(env.body, '1.1');
    expect(err.code).toBe('Server');
    expect(err.reason).toBe('Server was unable to process request. ---> boom');
    expect(err.detail).toBeUndefined();
  });
  it('parses a SOAP 1.2 Receiver fault with a subcode chain and picks the English reason', () => {
    const xml = `<s:Envelope xmlns:s="${SOAP_12_ENV_NS}" xmlns:a="urn:app"><s:Body><s:Fault><s:Code><s:Value>s:Receiver</s:Value><s:Subcode><s:Value>a:One</s:Value><s:Subcode><s:Value>a:Two</s:Value></s:Subcode></s:Subcode></s:Code><s:Reason><s:Text xml:lang="de">Fehler</s:Text><s:Text xml:lang="en-US">failure</s:Text></s:Reason><s:Detail><x xmlns="urn:x">1</x></s:Detail></s:Fault></s:Body></s:Envelope>`;
    const env = parseEnvelope(xml);
    const err = parseFault(env.body, env.version);
    expect(err.code).toBe('Server');
    expect(err.subcodes).toEqual(['{urn:app}One', '{urn:app}Two']);
    expect(err.reason).toBe('failure');
    expect(err.lang).toBe('en-US');
    expect((err.detail as XmlElement).ns).toBe('urn:x');
  });
  it('keeps the raw detail when it does not match the declaration', () => {
    const fault = parseXml(
      `<s:Fault xmlns:s="${SOAP_11_ENV_NS}"><faultcode>s:Client</faultcode><faultstring>x</faultstring><detail><AuthFaultDetail xmlns="urn:f"><Code>zz</Code></AuthFaultDetail></detail></s:Fault>`,
    );
    const err = parseFault(fault, '1.1', { faults: FAULTS, types: TYPES });
    expect((err.detail as XmlElement).name).toBe('AuthFaultDetail');
    expect(err.fault).toBeUndefined();
  });
  it('types a declared fault that follows other detail entries, and keeps the first entry raw when none is declared', () => {
    const fault = parseXml(
      `<s:Fault xmlns:s="${SOAP_11_ENV_NS}"><faultcode>s:Client</faultcode><faultstring>x</faultstring><detail><diag xmlns="urn:d">trace</diag><AuthFaultDetail xmlns="urn:f"><Code>7</Code></AuthFaultDetail></detail></s:Fault>`,
    );
    const err = parseFault(fault, '1.1', { faults: FAULTS, types: TYPES });
    expect(err.fault).toBe('AuthFault');
    expect(err.detail).toEqual({ Code: 7 });
    const plain = parseXml(
      `<s:Fault xmlns:s="${SOAP_11_ENV_NS}"><faultcode>s:Client</faultcode><faultstring>x</faultstring><detail><diag xmlns="urn:d">trace</diag><other/></detail></s:Fault>`,
    );
    const raw = parseFault(plain, '1.1', { faults: FAULTS, types: TYPES });
    expect(raw.fault).toBeUndefined();
    expect((raw.detail as XmlElement).name).toBe('diag');
  });
  it('keeps custom SOAP 1.1 fault codes in Clark notation', () => {
    const fault = parseXml(
      `<s:Fault xmlns:s="${SOAP_11_ENV_NS}" xmlns:c="urn:custom"><faultcode>c:Mine</faultcode><faultstring>x</faultstring></s:Fault>`,
    );
    expect(parseFault(fault, '1.1').code).toBe('{urn:custom}Mine');
  });
});
