/**
 * One old/new pair of small contracts per breaking rule, with the exact report
 * `wsdlc breaking old.wsdl new.wsdl --all` must print (the summary line aside).
 * Locations: the schema's first line is line 5; each particle is on its own line.
 */
import { type ContractSpec, complexType, el, enums, simpleType, wrapper } from './contract.js';

/** A rule's test case. */
export interface RuleCase {
  readonly rule: string;
  readonly old: ContractSpec;
  readonly new: ContractSpec;
  readonly expected: readonly string[];
}

/** Echo(a: string) -> r: string, plus `extra` schema lines. */
const base = (req: readonly string[], res: readonly string[], extra: (string | string[])[] = []): ContractSpec => ({
  schema: [wrapper('Echo', req), wrapper('EchoResponse', res), ...extra],
});
const A = el('a', 's:string');
const R = el('r', 's:string');
/** A response of two fields (one field would be a single-value result, see result-shape-changed). */
const Q = el('q', 's:string');

export const CASES: readonly RuleCase[] = [
  {
    rule: 'operation-removed',
    old: {
      ...base([A], [R], [wrapper('Ping', []), wrapper('PingResponse', [])]),
      ops: [{ name: 'Echo' }, { name: 'Ping' }],
    },
    new: base([A], [R], [wrapper('Ping', []), wrapper('PingResponse', [])]),
    expected: ['old.wsdl:23:5: breaking (wire, source): operation-removed: S.Ping: operation Ping was removed'],
  },
  {
    rule: 'operation-added',
    old: base([A], [R], [wrapper('Ping', []), wrapper('PingResponse', [])]),
    new: {
      ...base([A], [R], [wrapper('Ping', []), wrapper('PingResponse', [])]),
      ops: [{ name: 'Echo' }, { name: 'Ping' }],
    },
    expected: ['new.wsdl:23:5: compatible: operation-added: S.Ping: operation Ping was added'],
  },
  {
    rule: 'operation-pattern-changed',
    old: { ...base([A], [R]), ops: [{ name: 'Echo', oneWay: true }] },
    new: base([A], [R]),
    expected: [
      'new.wsdl:16:5: breaking (wire, source): operation-pattern-changed: S.Echo: one-way became request-response',
    ],
  },
  {
    rule: 'binding-removed',
    old: { ...base([A], [R]), soap12: true },
    new: base([A], [R]),
    expected: [
      'old.wsdl:22:5: breaking (wire): binding-removed: S.Echo [SSoap12]: port SSoap12 (soap12) no longer offers Echo',
    ],
  },
  {
    rule: 'binding-added',
    old: base([A], [R]),
    new: { ...base([A], [R]), soap12: true },
    expected: ['new.wsdl:22:5: compatible: binding-added: S.Echo [SSoap12]: port SSoap12 (soap12) now offers Echo'],
  },
  {
    rule: 'soap-action-changed',
    old: base([A], [R]),
    new: { ...base([A], [R]), ops: [{ name: 'Echo', soapAction: 'urn:t/Echo2' }] },
    expected: [
      'new.wsdl:19:5: breaking (wire): soap-action-changed: S.Echo [SSoap]: SOAPAction "urn:t/Echo" became "urn:t/Echo2"',
    ],
  },
  {
    rule: 'style-changed',
    old: base([A], [R]),
    new: { ...base([A], [R]), ops: [{ name: 'Echo', style: 'rpc' }] },
    expected: [
      'new.wsdl:19:5: breaking (wire): style-changed: S.Echo [SSoap]: style document became rpc',
      'new.wsdl:19:5: breaking (wire): namespace-changed: S.Echo [SSoap] request: body element {urn:t}Echo became Echo',
      'new.wsdl:19:5: breaking (wire): namespace-changed: S.Echo [SSoap] response: body element {urn:t}EchoResponse became EchoResponse',
      'old.wsdl:6:7: breaking (wire, source): request-element-removed: S.Echo request > a: element a was removed',
      'new.wsdl:16:5: breaking (wire, source): request-required-element-added: S.Echo request > Echo: required element Echo was added',
      'old.wsdl:9:7: breaking (wire, source): response-element-removed: S.Echo response > r: element r was removed',
      'new.wsdl:16:5: breaking (source): response-required-element-added: S.Echo response > EchoResponse: required element EchoResponse was added',
    ],
  },
  {
    rule: 'http-location-changed',
    old: { ...base([A], [R]), httpGet: '/Echo' },
    new: { ...base([A], [R]), httpGet: '/Echo2' },
    expected: [
      'new.wsdl:25:5: breaking (wire): http-location-changed: S.Echo [SHttpGet]: location "/Echo" became "/Echo2"',
    ],
  },
  {
    rule: 'namespace-changed',
    old: base([A], [R]),
    new: { ...base([A], [R]), tns: 'urn:t2', ops: [{ name: 'Echo', soapAction: 'urn:t/Echo' }] },
    expected: [
      'new.wsdl:21:3: breaking (wire): namespace-changed: (definitions): targetNamespace "urn:t" became "urn:t2"',
      'new.wsdl:4:5: breaking (wire): namespace-changed: (schema): schema targetNamespace "urn:t" became "urn:t2"',
    ],
  },
  {
    rule: 'result-shape-changed',
    old: base([A], [R]),
    new: base([A], [R, el('s', 's:string', 'minOccurs="0"')]),
    expected: [
      'new.wsdl:8:7: breaking (source): result-shape-changed: S.Echo response: the result was a single value and is now an object of fields',
      'new.wsdl:10:7: compatible: response-element-added: S.Echo response > s: optional element s was added',
    ],
  },
  {
    rule: 'fault-removed',
    old: { ...base([A], [R], [el('Fault', 's:string')]), ops: [{ name: 'Echo', fault: 'Oops' }] },
    new: base([A], [R], [el('Fault', 's:string')]),
    expected: ['old.wsdl:18:5: breaking (source): fault-removed: S.Echo fault Oops: fault Oops was removed'],
  },
  {
    rule: 'fault-added',
    old: base([A], [R], [el('Fault', 's:string')]),
    new: { ...base([A], [R], [el('Fault', 's:string')]), ops: [{ name: 'Echo', fault: 'Oops' }] },
    expected: ['new.wsdl:18:5: compatible: fault-added: S.Echo fault Oops: fault Oops was added'],
  },
  {
    rule: 'identifier-renamed',
    old: base([A], [R]),
    new: base([A], [R], [complexType('EchoInput', [])]),
    expected: [
      'new.wsdl:18:5: breaking (source): identifier-renamed: S.Echo: input EchoInput is now EchoInput2',
      'new.wsdl:11:7: compatible: type-added: type EchoInput: type EchoInput was added',
    ],
  },
  {
    rule: 'type-removed',
    old: base([A], [R], [complexType('Unused', [])]),
    new: base([A], [R]),
    expected: ['old.wsdl:11:7: breaking (source): type-removed: type Unused: type Unused was removed'],
  },
  {
    rule: 'type-added',
    old: base([A], [R]),
    new: base([A], [R], [complexType('Unused', [])]),
    expected: ['new.wsdl:11:7: compatible: type-added: type Unused: type Unused was added'],
  },
  {
    rule: 'request-element-removed',
    old: base([A, el('b', 's:string')], [R]),
    new: base([A], [R]),
    expected: [
      'old.wsdl:7:7: breaking (wire, source): request-element-removed: S.Echo request > b: element b was removed',
    ],
  },
  {
    rule: 'request-required-element-added',
    old: base([A], [R]),
    new: base([A, el('b', 's:string')], [R]),
    expected: [
      'new.wsdl:7:7: breaking (wire, source): request-required-element-added: S.Echo request > b: required element b was added',
    ],
  },
  {
    rule: 'request-optional-element-added',
    old: base([A], [R]),
    new: base([A, el('b', 's:string', 'minOccurs="0"')], [R]),
    expected: [
      'new.wsdl:7:7: compatible: request-optional-element-added: S.Echo request > b: optional element b was added',
    ],
  },
  {
    rule: 'request-element-became-required',
    old: base([el('a', 's:string', 'minOccurs="0"')], [R]),
    new: base([A], [R]),
    expected: [
      'new.wsdl:6:7: breaking (wire, source): request-element-became-required: S.Echo request > a: minOccurs 0 became 1',
    ],
  },
  {
    rule: 'request-element-became-optional',
    old: base([A], [R]),
    new: base([el('a', 's:string', 'minOccurs="0"')], [R]),
    expected: [
      'new.wsdl:6:7: breaking (source): request-element-became-optional: S.Echo request > a: minOccurs 1 became 0',
    ],
  },
  {
    rule: 'request-max-occurs-decreased',
    old: base([el('a', 's:string', 'maxOccurs="5"')], [R]),
    new: base([el('a', 's:string', 'maxOccurs="3"')], [R]),
    expected: ['new.wsdl:6:7: breaking (wire): request-max-occurs-decreased: S.Echo request > a: maxOccurs 5 became 3'],
  },
  {
    rule: 'request-max-occurs-increased',
    old: base([el('a', 's:string', 'maxOccurs="3"')], [R]),
    new: base([el('a', 's:string', 'maxOccurs="5"')], [R]),
    expected: ['new.wsdl:6:7: compatible: request-max-occurs-increased: S.Echo request > a: maxOccurs 3 became 5'],
  },
  {
    rule: 'response-element-removed',
    old: base([A], [R, Q, el('s', 's:string')]),
    new: base([A], [R, Q]),
    expected: [
      'old.wsdl:11:7: breaking (wire, source): response-element-removed: S.Echo response > s: element s was removed',
    ],
  },
  {
    rule: 'response-optional-element-removed',
    old: base([A], [R, Q, el('s', 's:string', 'minOccurs="0"')]),
    new: base([A], [R, Q]),
    expected: [
      'old.wsdl:11:7: breaking (source): response-optional-element-removed: S.Echo response > s: element s was removed',
    ],
  },
  {
    rule: 'response-element-became-optional',
    old: base([A], [R]),
    new: base([A], [el('r', 's:string', 'minOccurs="0"')]),
    expected: [
      'new.wsdl:9:7: breaking (wire, source): response-element-became-optional: S.Echo response > r: minOccurs 1 became 0',
    ],
  },
  {
    rule: 'response-element-became-required',
    old: base([A], [el('r', 's:string', 'minOccurs="0"')]),
    new: base([A], [R]),
    expected: ['new.wsdl:9:7: compatible: response-element-became-required: S.Echo response > r: minOccurs 0 became 1'],
  },
  {
    rule: 'response-required-element-added',
    old: base([A], [R, Q]),
    new: base([A], [R, Q, el('s', 's:string')]),
    expected: [
      'new.wsdl:11:7: breaking (source): response-required-element-added: S.Echo response > s: required element s was added',
    ],
  },
  {
    rule: 'response-element-added',
    old: base([A], [R, Q]),
    new: base([A], [R, Q, el('s', 's:string', 'minOccurs="0"')]),
    expected: ['new.wsdl:11:7: compatible: response-element-added: S.Echo response > s: optional element s was added'],
  },
  {
    rule: 'response-element-inserted',
    old: base([A], [R, Q]),
    new: base([A], [el('s', 's:string', 'minOccurs="0"'), R, Q]),
    expected: [
      'new.wsdl:9:7: breaking (wire): response-element-inserted: S.Echo response > s: optional element s was added before existing elements',
    ],
  },
  {
    rule: 'response-max-occurs-increased',
    old: base([A], [el('r', 's:string', 'maxOccurs="3"')]),
    new: base([A], [el('r', 's:string', 'maxOccurs="unbounded"')]),
    expected: [
      'new.wsdl:9:7: breaking (wire): response-max-occurs-increased: S.Echo response > r: maxOccurs 3 became unbounded',
    ],
  },
  {
    rule: 'response-max-occurs-decreased',
    old: base([A], [el('r', 's:string', 'maxOccurs="5"')]),
    new: base([A], [el('r', 's:string', 'maxOccurs="3"')]),
    expected: ['new.wsdl:9:7: compatible: response-max-occurs-decreased: S.Echo response > r: maxOccurs 5 became 3'],
  },
  {
    rule: 'element-order-changed',
    old: base([A, el('b', 's:string')], [R]),
    new: base([el('b', 's:string'), A], [R]),
    expected: [
      'new.wsdl:6:7: breaking (wire): element-order-changed: S.Echo request: sequence order changed: a, b became b, a',
    ],
  },
  {
    rule: 'element-cardinality-changed',
    old: base([A], [R]),
    new: base([el('a', 's:string', 'maxOccurs="unbounded"')], [R]),
    expected: [
      'new.wsdl:6:7: compatible: request-max-occurs-increased: S.Echo request > a: maxOccurs 1 became unbounded',
      'new.wsdl:6:7: breaking (source): element-cardinality-changed: S.Echo request > a: a single value became a list',
    ],
  },
  {
    rule: 'element-type-changed',
    old: base([A], [R]),
    new: base([el('a', 's:boolean')], [R]),
    expected: [
      'new.wsdl:6:7: breaking (wire, source): element-type-changed: S.Echo request > a: type string became boolean',
    ],
  },
  {
    rule: 'request-type-narrowed',
    old: base([el('a', 'tns:Code')], [R], [simpleType('Code', 's:string', ['<s:maxLength value="10"/>'])]),
    new: base([el('a', 'tns:Code')], [R], [simpleType('Code', 's:string', ['<s:maxLength value="5"/>'])]),
    expected: ['new.wsdl:6:7: breaking (wire): request-type-narrowed: S.Echo request > a: maximum length 10 became 5'],
  },
  {
    rule: 'request-type-widened',
    old: base([el('a', 's:int')], [R]),
    new: base([el('a', 's:long')], [R]),
    expected: ['new.wsdl:6:7: compatible: request-type-widened: S.Echo request > a: base type int became long'],
  },
  {
    rule: 'response-type-widened',
    old: base([A], [el('r', 'tns:Code')], [simpleType('Code', 's:string', ['<s:maxLength value="5"/>'])]),
    new: base([A], [el('r', 'tns:Code')], [simpleType('Code', 's:string', ['<s:maxLength value="10"/>'])]),
    expected: ['new.wsdl:9:7: breaking (wire): response-type-widened: S.Echo response > r: maximum length 5 became 10'],
  },
  {
    rule: 'response-type-narrowed',
    old: base([A], [el('r', 's:long')]),
    new: base([A], [el('r', 's:int')]),
    expected: ['new.wsdl:9:7: compatible: response-type-narrowed: S.Echo response > r: base type long became int'],
  },
  {
    rule: 'request-enum-value-removed',
    old: base([el('a', 'tns:Color')], [R], [simpleType('Color', 's:string', enums('red', 'blue'))]),
    new: base([el('a', 'tns:Color')], [R], [simpleType('Color', 's:string', enums('red'))]),
    expected: [
      'new.wsdl:6:7: breaking (wire, source): request-enum-value-removed: S.Echo request > a: enumeration value "blue" was removed',
    ],
  },
  {
    rule: 'request-enum-value-added',
    old: base([el('a', 'tns:Color')], [R], [simpleType('Color', 's:string', enums('red'))]),
    new: base([el('a', 'tns:Color')], [R], [simpleType('Color', 's:string', enums('red', 'blue'))]),
    expected: [
      'new.wsdl:6:7: compatible: request-enum-value-added: S.Echo request > a: enumeration value "blue" was added',
    ],
  },
  {
    rule: 'response-enum-value-added',
    old: base([A], [el('r', 'tns:Color')], [simpleType('Color', 's:string', enums('red'))]),
    new: base([A], [el('r', 'tns:Color')], [simpleType('Color', 's:string', enums('red', 'blue'))]),
    expected: [
      'new.wsdl:9:7: breaking (wire): response-enum-value-added: S.Echo response > r: enumeration value "blue" was added',
    ],
  },
  {
    rule: 'response-enum-value-removed',
    old: base([A], [el('r', 'tns:Color')], [simpleType('Color', 's:string', enums('red', 'blue'))]),
    new: base([A], [el('r', 'tns:Color')], [simpleType('Color', 's:string', enums('red'))]),
    expected: [
      'new.wsdl:9:7: breaking (source): response-enum-value-removed: S.Echo response > r: enumeration value "blue" was removed',
    ],
  },
  {
    rule: 'union-member-removed',
    old: base([el('a', 'tns:U')], [R], ['<s:simpleType name="U"><s:union memberTypes="s:int s:date"/></s:simpleType>']),
    new: base([el('a', 'tns:U')], [R], ['<s:simpleType name="U"><s:union memberTypes="s:int"/></s:simpleType>']),
    expected: [
      'new.wsdl:6:7: breaking (wire, source): union-member-removed: S.Echo request > a: union member date was removed',
    ],
  },
  {
    rule: 'message-shape-changed',
    old: base([A], [R]),
    new: {
      schema: [wrapper('EchoRequest', [A]), wrapper('EchoResponse', [R])],
      ops: [{ name: 'Echo', requestElement: 'EchoRequest' }],
    },
    expected: [
      'new.wsdl:19:5: breaking (wire): message-shape-changed: S.Echo [SSoap] request: body element {urn:t}Echo became {urn:t}EchoRequest',
    ],
  },
  {
    // A type derived from a response type can come instead of it (xsi:type): compared too.
    rule: 'response-enum-value-added',
    old: base(
      [A],
      [el('r', 'tns:Base'), Q],
      [
        complexType('Base', [el('id', 's:string')]),
        '<s:complexType name="Sub"><s:complexContent><s:extension base="tns:Base"><s:sequence>',
        el('c', 'tns:Color'),
        '</s:sequence></s:extension></s:complexContent></s:complexType>',
        simpleType('Color', 's:string', enums('red')),
      ],
    ),
    new: base(
      [A],
      [el('r', 'tns:Base'), Q],
      [
        complexType('Base', [el('id', 's:string')]),
        '<s:complexType name="Sub"><s:complexContent><s:extension base="tns:Base"><s:sequence>',
        el('c', 'tns:Color'),
        '</s:sequence></s:extension></s:complexContent></s:complexType>',
        simpleType('Color', 's:string', enums('red', 'blue')),
      ],
    ),
    expected: [
      'new.wsdl:16:7: breaking (wire): response-enum-value-added: S.Echo response > r (as Sub) > c: enumeration value "blue" was added',
    ],
  },
  {
    // Attributes follow the element rules: use="required" is minOccurs 1.
    rule: 'request-element-became-required',
    old: base(
      [el('a', 'tns:WithAttr')],
      [R],
      ['<s:complexType name="WithAttr"><s:attribute name="id" type="s:string"/></s:complexType>'],
    ),
    new: base(
      [el('a', 'tns:WithAttr')],
      [R],
      ['<s:complexType name="WithAttr"><s:attribute name="id" type="s:string" use="required"/></s:complexType>'],
    ),
    expected: [
      'new.wsdl:6:7: breaking (wire, source): request-element-became-required: S.Echo request > a > @id: use optional became required',
    ],
  },
];
