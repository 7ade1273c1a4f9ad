/**
 * QName keys: Clark notation, made once per name (the key is reused, see qname-key.ts),
 * and still right after the memo has started afresh.
 */
import { describe, expect, it } from 'vitest';
import { qdisplay, qkey } from '../../src/model/qname-key.js';

describe('qkey', () => {
  it('writes {ns}name, for any namespace and name', () => {
    expect(qkey({ ns: 'urn:a', name: 'T' })).toBe('{urn:a}T');
    expect(qkey({ ns: '', name: 'T' })).toBe('{}T');
    expect(qkey({ ns: 'urn:a}b', name: '{x}' })).toBe('{urn:a}b}{x}');
    expect(qkey({ ns: 'urn:a', name: '__proto__' })).toBe('{urn:a}__proto__');
    expect(qdisplay({ ns: '', name: 'T' })).toBe('T');
  });

  it('gives equal names the same key and different names different keys', () => {
    const a = qkey({ ns: 'urn:k', name: 'Same' });
    expect(qkey({ ns: `urn:${'k'}`, name: `Sa${'me'}` })).toBe(a);
    expect(qkey({ ns: 'urn:k', name: 'Other' })).not.toBe(a);
    expect(qkey({ ns: 'urn:k2', name: 'Same' })).not.toBe(a);
  });

  it('stays right past the memo bound (a long-lived process)', () => {
    for (let i = 0; i < 150_000; i++) {
      const ns = `urn:n${i % 7}`;
      expect(qkey({ ns, name: `t${i}` })).toBe(`{${ns}}t${i}`);
    }
    expect(qkey({ ns: 'urn:k', name: 'Same' })).toBe('{urn:k}Same');
  });
});
