/**
 * The handler the server bench measures, in one place so it is easy to swap:
 * today the runtime's `createServiceHandler` over the hand-written Auth descriptor
 * of the tests; point it at the generated `createAuthHandler(impl)` once the
 * emitter produces it (and add the generated folder to `BENCH_SOURCES` in
 * bench/compile.ts). Also the shared implementation and the request the bench sends.
 */
import { createServiceHandler, type ServiceHandler } from '../src/runtime/server.js';
import { AUTH_NS, authService, LOGIN_ACTION } from '../test/runtime-server/fixtures/auth-desc.js';

/** The Login implementation every server in the bench uses. */
export function login(input: { Username: string; Password: string }): { ServiceTicket: string } {
  return { ServiceTicket: `ticket-${input.Username}` };
}

/** The Logout implementation every server in the bench uses. */
export function logout(input: { ServiceTicket: string }): { ServiceTicket: string } {
  return { ServiceTicket: input.ServiceTicket };
}

/** The handler under test. */
export function createBenchHandler(): ServiceHandler {
  return createServiceHandler(authService, {
    Login: (input) => login(input as { Username: string; Password: string }),
    Logout: (input) => logout(input as { ServiceTicket: string }),
  });
}

/** The service path. */
export const SERVICE_PATH = '/ecomm/Auth.asmx';

/** The SOAP 1.1 Login request the bench sends (as the seed describes it). */
export const LOGIN_REQUEST = {
  path: SERVICE_PATH,
  headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${LOGIN_ACTION}"` },
  body: `<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
  <soap:Body>
    <Login xmlns="${AUTH_NS}">
      <Username>alice</Username>
      <Password>s3cret</Password>
    </Login>
  </soap:Body>
</soap:Envelope>`,
} as const;

/** What the bare ceiling server answers (the same bytes the handler answers). */
export const CANNED_RESPONSE =
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>' +
  `<LoginResponse xmlns="${AUTH_NS}"><LoginResult><ServiceTicket>ticket-alice</ServiceTicket></LoginResult></LoginResponse></soap:Body></soap:Envelope>`;
