/** The names pass: identifier rules and deterministic collision handling. */
import { describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/emit/index.js';
import { assignNames, isIdentifierName, NameScope, qnameKey, toMemberName, toTypeName } from '../../src/names/index.js';
import { generate, schemaText, testOptions } from './helpers.js';
import { buildFixtureModel, complex, el, named, q, xsd } from './model-fixture.js';

describe('identifier rules', () => {
  it('PascalCases types and camelCases members', () => {
    expect(toTypeName('login')).toBe('Login');
    expect(toMemberName('Login')).toBe('login');
    expect(toMemberName('HTTPGet')).toBe('httpGet');
    expect(toMemberName('URL')).toBe('url');
    expect(toMemberName('GetHTTPStatus')).toBe('getHTTPStatus');
  });

  it('drops characters that are not valid in identifiers and capitalises after them', () => {
    expect(toTypeName('get-user.name')).toBe('GetUserName');
    expect(toMemberName('get user name')).toBe('getUserName');
    expect(toTypeName('../../evil service')).toBe('EvilService');
    expect(toTypeName('a\u2028b')).toBe('AB');
    expect(toTypeName('---')).toBe('_');
  });

  it('keeps letters of any script', () => {
    expect(toTypeName('überName')).toBe('ÜberName');
    expect(toTypeName('天气')).toBe('天气');
  });

  it('prefixes a leading digit with _', () => {
    expect(toTypeName('3DSecure')).toBe('_3DSecure');
    expect(toMemberName('2fa')).toBe('_2fa');
  });

  it('suffixes reserved words, shadowed globals and generated names with _', () => {
    expect(toMemberName('class')).toBe('class_');
    expect(toMemberName('delete')).toBe('delete_');
    expect(toMemberName('constructor')).toBe('constructor_');
    expect(toTypeName('Date')).toBe('Date_');
    expect(toTypeName('Promise')).toBe('Promise_');
    expect(toTypeName('SoapFault')).toBe('SoapFault_');
    expect(toTypeName('string')).toBe('String_');
    expect(toTypeName('__proto__')).toBe('__proto___');
  });

  it('recognises identifier names', () => {
    expect(isIdentifierName('ServiceTicket')).toBe(true);
    expect(isIdentifierName('$value')).toBe(true);
    expect(isIdentifierName('first-name')).toBe(false);
    expect(isIdentifierName('1st')).toBe(false);
    expect(isIdentifierName('')).toBe(false);
  });
});

describe('NameScope', () => {
  it('gives the first claimant the name and later ones numeric suffixes', () => {
    const s = new NameScope();
    expect(s.claim('Item')).toBe('Item');
    expect(s.claim('Item')).toBe('Item2');
    expect(s.claim('Item')).toBe('Item3');
  });

  it('treats case-only differences as collisions (type scope)', () => {
    const s = new NameScope();
    expect(s.claim('Item')).toBe('Item');
    expect(s.claim('ITEM')).toBe('ITEM2');
  });

  it('reserves keywords and globals exactly as spelled: Case and Json are names, case and JSON are not', () => {
    const s = new NameScope();
    s.reserve('case', 'JSON', 'Date');
    expect(s.claim('Case')).toBe('Case');
    expect(s.claim('Json')).toBe('Json');
    expect(s.claim('JSON')).toBe('JSON2');
    expect(s.claim('Date')).toBe('Date2');
  });

  it('is case-sensitive for property scopes', () => {
    const s = new NameScope(true);
    expect(s.claim('foo')).toBe('foo');
    expect(s.claim('Foo')).toBe('Foo');
    expect(s.claim('foo')).toBe('foo2');
  });
});

describe('assignNames', () => {
  const model = buildFixtureModel(
    [
      { name: 'get-item', input: [el('id', xsd('string'))], result: named('Item') },
      { name: 'GetItem', input: [], result: named('Item', 'urn:other') },
    ],
    {
      complexTypes: [
        complex('Item', [el('a', xsd('string'))]),
        complex('Item', [el('b', xsd('string'))], {}, 'urn:other'),
        complex('item', [el('c', xsd('string'))]),
        complex('SvcClient', []),
        complex('GetItemInput', []),
        complex('Case', []),
        complex('Package', []),
        complex('Promise', []),
      ],
    },
  );
  const plan = assignNames(model);

  it('resolves the same local name in two namespaces and case-only collisions in document order', () => {
    expect(plan.complexTypes.get(qnameKey(q('Item')))).toBe('Item');
    expect(plan.complexTypes.get(qnameKey(q('Item', 'urn:other')))).toBe('Item2');
    expect(plan.complexTypes.get(qnameKey(q('item')))).toBe('Item3');
  });

  it('keeps type names that only differ in case from a keyword (Salesforce Case, Package), suffixes shadowed globals', () => {
    expect(plan.complexTypes.get(qnameKey(q('Case')))).toBe('Case');
    expect(plan.complexTypes.get(qnameKey(q('Package')))).toBe('Package');
    expect(plan.complexTypes.get(qnameKey(q('Promise')))).toBe('Promise_');
  });

  it('reserves service names before schema types', () => {
    expect(plan.services.get(qnameKey(q('Svc')))).toMatchObject({
      client: 'SvcClient',
      service: 'SvcService',
      handler: 'createSvcHandler',
      descriptor: 'SvcDescriptor',
    });
    expect(plan.complexTypes.get(qnameKey(q('SvcClient')))).toBe('SvcClient2');
  });

  it('gives colliding operation names distinct methods and input types', () => {
    const [a, b] = model.operations.map((op) => plan.operations.get(`${qnameKey(op.service)}#${op.name}`));
    expect(a).toEqual({ method: 'getItem', input: 'GetItemInput2', output: 'GetItemOutput' });
    expect(b).toEqual({ method: 'getItem2', input: 'GetItemInput3', output: 'GetItemOutput2' });
  });

  it('is stable: the same model gives the same plan', () => {
    const again = assignNames(model);
    expect([...again.complexTypes]).toEqual([...plan.complexTypes]);
    expect([...again.operations]).toEqual([...plan.operations]);
  });
});

describe('property names', () => {
  it('quotes invalid names, suffixes repeats and renames __proto__', async () => {
    const ns2 = 'urn:other';
    const model = buildFixtureModel(
      [
        {
          name: 'Op',
          input: [
            el('first-name', xsd('string')),
            el('value', xsd('string')),
            { ...el('value', xsd('int')), name: q('value', ns2) },
            el('__proto__', xsd('string'), { minOccurs: 0 }),
          ],
          result: xsd('string'),
        },
      ],
      {
        complexTypes: [
          complex('WithAttr', [el('id', xsd('string'))], {
            attributes: [{ name: { ns: '', name: 'id' }, type: xsd('int'), use: 'required' }],
          }),
        ],
      },
    );
    const files = await emitFiles(model, testOptions('fixture.wsdl'), {});
    const types = files.find((f) => f.path === 'types.ts')?.content ?? '';
    expect(types).toContain("'first-name': string;");
    expect(types).toMatch(/\bvalue: string;/);
    expect(types).toMatch(/\bvalue2: number;/);
    expect(types).toContain('__proto___?: string;');
    expect(types).toMatch(/\bid: string;/);
    expect(types).toMatch(/\bid2: number;/);
    const schema = schemaText(files.find((f) => f.path === 'schema.ts')?.content ?? '');
    expect(schema).toContain("prop: 'value2'");
    expect(schema).toContain("prop: '__proto___'");
    expect(schema).not.toMatch(/^\s*__proto__:/m);
  });
});

describe('anonymous types of global elements', () => {
  it('are named after the element, not after the first type that refers to it (Amazon SQS ResponseMetadata)', async () => {
    const files = await generate(
      '../shared/corpus/asmx/partial_bindings/amazon_sqs_QueueService_httponly.wsdl',
      'sqs.wsdl',
    );
    const types = files.find((f) => f.path === 'types.ts')?.content ?? '';
    expect(types).toContain('export interface ResponseMetadata {');
    expect(types).not.toMatch(/OutputResultResponseMetadata/);
    expect(types.match(/ResponseMetadata: ResponseMetadata;/g)?.length).toBeGreaterThan(10);
  });
});
