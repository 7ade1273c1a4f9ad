/**
 * A Next.js App Router route serving the generated Auth service (the file a user puts at
 * `app/ecomm/Auth.asmx/[[...op]]/route.ts`: the optional catch-all also takes the HTTP
 * GET/POST operation paths, `/ecomm/Auth.asmx/Login`). Next calls the function named by
 * the request's method with the `Request`; the fetch handler reads the path from its URL.
 * Type-checked by `npm run typecheck` and called by fetch-servers.test.ts as Next calls it
 * (Next.js itself is not installed).
 */
import { handler } from '../../../../../fetch-server.js';

/** SOAP 1.1/1.2 and HTTP POST requests. */
export async function POST(request: Request): Promise<Response> {
  return handler(request);
}

/** `?wsdl`, the service pages and HTTP GET operations. */
export async function GET(request: Request): Promise<Response> {
  return handler(request);
}

export { GET as HEAD, POST as OPTIONS, POST as PUT, POST as DELETE, POST as PATCH };
