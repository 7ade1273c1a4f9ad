/**
 * The handler the server bench measures: the generated `createAuthHandler(impl)`
 * of generated/auth (compiled by bench/compile.ts with the current src/runtime).
 * Also the shared implementation and the request the bench sends.
 */
import { createAuthHandler, type AuthService, type ServiceHandler } from '../generated/auth/index.js';

/** The Auth target namespace. */
export const AUTH_NS = 'http://schemas.example.com/ecomm/auth';
/** The SOAPAction of Login. */
export const LOGIN_ACTION = `${AUTH_NS}/Login`;

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
  const impl: AuthService = {
    login: async (input) => login(input),
    logout: async (input) => logout(input),
  };
  return createAuthHandler(impl);
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
