/**
 * createImplementationHandler (what generated `create<S>Handler` functions call):
 * methods found by the operations' `method` names, own or inherited, called with
 * the implementation as `this`; a context with `soapHeaders` for operations with
 * declared header parts; a missing method is an implementation error at call time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImplementationHandler } from '../../src/runtime/server/impl-handler.js';
import type { RequestContext } from '../../src/runtime/server/server.js';
import type { OperationDesc, ServiceDesc } from '../../src/runtime/wire/descriptors.js';
import { AUTH_NS, authService, LOGIN_ACTION, type EmAuthResult, type LoginInput } from './fixtures/auth-desc.js';
import { at, rawRequest, soap11, startServer, text, xml, type TestServer } from './helpers.js';

/** An implementation as a class: `login` is inherited from the prototype and reads `this`. */
class AuthImpl {
  readonly prefix = 't-';
  readonly contexts: { op: string; soapHeaders: unknown }[] = [];
  async login(input: LoginInput, ctx: RequestContext): Promise<EmAuthResult> {
    this.contexts.push({ op: 'login', soapHeaders: ctx.soapHeaders });
    return { ServiceTicket: `${this.prefix}${input.Username}` };
  }
  async logout(input: { ServiceTicket: string }, ctx: RequestContext): Promise<EmAuthResult> {
    this.contexts.push({ op: 'logout', soapHeaders: ctx.soapHeaders });
    return input;
  }
}

/** The Auth descriptor with Login declaring (no) SOAP header parts: its method then always gets `soapHeaders`. */
const withHeaders: ServiceDesc = {
  ...authService,
  operations: authService.operations.map(
    (op): OperationDesc =>
      op.name === 'Login' && op.soap11 !== undefined
        ? { ...op, soap11: { ...op.soap11, input: { ...op.soap11.input, headers: [] } } }
        : op,
  ),
};

const impl = new AuthImpl();
let srv: TestServer;
beforeAll(async () => {
  srv = await startServer(createImplementationHandler(withHeaders, impl));
});
afterAll(async () => {
  await srv.close();
});

describe('createImplementationHandler', () => {
  it('calls the method named by the operation, inherited or own, with the implementation as this', async () => {
    const r = await rawRequest(
      srv.port,
      `POST /ecomm/Auth.asmx HTTP/1.1\nContent-Type: text/xml\nSOAPAction: "${LOGIN_ACTION}"`,
      soap11(`<Login xmlns="${AUTH_NS}"><Username>m</Username><Password>p</Password></Login>`),
    );
    expect(r.status).toBe(200);
    expect(text(at(xml(r.body), 'Body', 'LoginResponse', 'LoginResult', 'ServiceTicket'))).toBe('t-m');
  });

  it('gives an operation with declared header parts a context whose soapHeaders is set, and no other', async () => {
    impl.contexts.length = 0;
    // HTTP GET carries no SOAP header: the runtime leaves soapHeaders unset, the handler sets {} for Login only.
    expect((await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Login?Username=a&Password=b HTTP/1.1')).status).toBe(200);
    expect((await rawRequest(srv.port, 'GET /ecomm/Auth.asmx/Logout?ServiceTicket=t HTTP/1.1')).status).toBe(200);
    expect(impl.contexts).toEqual([
      { op: 'login', soapHeaders: {} },
      { op: 'logout', soapHeaders: undefined },
    ]);
  });

  it('answers a call whose method is missing with a server fault, as calling impl.method(…) would, and keeps serving', async () => {
    const partial = await startServer(
      createImplementationHandler(authService, { login: impl.login.bind(impl) }, { debug: true }),
    );
    try {
      const r = await rawRequest(partial.port, 'GET /ecomm/Auth.asmx/Logout?ServiceTicket=t HTTP/1.1');
      expect(r.status).toBe(500);
      expect(r.body).toContain('the implementation has no method logout (operation Logout)');
      expect((await rawRequest(partial.port, 'GET /ecomm/Auth.asmx/Login?Username=a&Password=b HTTP/1.1')).status).toBe(
        200,
      );
    } finally {
      await partial.close();
    }
  });

  it('does not take an Object.prototype member for an implementation', async () => {
    const service: ServiceDesc = {
      ...authService,
      operations: authService.operations.map((op) => (op.name === 'Logout' ? { ...op, method: 'toString' } : op)),
    };
    const inherited = await startServer(
      createImplementationHandler(service, { login: impl.login.bind(impl) }, { debug: true }),
    );
    const own = await startServer(
      createImplementationHandler(service, { login: impl.login.bind(impl), toString: impl.logout.bind(impl) }),
    );
    try {
      const logout = 'GET /ecomm/Auth.asmx/Logout?ServiceTicket=t HTTP/1.1';
      const r = await rawRequest(inherited.port, logout);
      expect(r.status).toBe(500);
      expect(r.body).toContain('no method toString');
      // An own method of that name is one.
      expect((await rawRequest(own.port, logout)).status).toBe(200);
    } finally {
      await inherited.close();
      await own.close();
    }
  });
});
