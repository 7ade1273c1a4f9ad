/**
 * `Error.cause` without the ES2022 lib (issue 19): the runtime sets it as
 * `new Error(message, { cause })` does, an own non-enumerable property.
 */
import { describe, expect, it } from 'vitest';
import { errorCause, setCause } from '../../src/runtime/wire/error-cause.js';
import { ResponseError, SoapFault } from '../../src/runtime/wire/faults.js';
import { connectionClosed } from '../../src/runtime/client/transport.js';

/** The property descriptor of `cause` on `err`. */
const causeOf = (err: Error): PropertyDescriptor | undefined => Object.getOwnPropertyDescriptor(err, 'cause');

describe('error causes', () => {
  it('setCause makes the property new Error(message, { cause }) makes', () => {
    const root = new Error('root');
    const native = new Error('x', { cause: root });
    expect(causeOf(setCause(new Error('x'), root))).toEqual(causeOf(native));
    expect(Object.keys(setCause(new Error('x'), root))).toEqual([]);
  });

  it('SoapFault, ResponseError and connectionClosed carry the cause given, and none otherwise', () => {
    const root = new Error('root');
    expect(errorCause(new SoapFault({ reason: 'r', cause: root }))).toBe(root);
    expect(errorCause(new ResponseError('m', { status: 500, body: '', cause: root }))).toBe(root);
    expect(errorCause(connectionClosed(true, root))).toBe(root);
    expect('cause' in new SoapFault({ reason: 'r' })).toBe(false);
    expect('cause' in new ResponseError('m', { status: 500, body: '' })).toBe(false);
    expect('cause' in connectionClosed(false)).toBe(false);
  });
});
