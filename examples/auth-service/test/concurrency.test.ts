/** 1,000 concurrent logins over real sockets produce 1,000 distinct working tickets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient } from '../../../generated/auth/index.js';
import { startTestService, type TestService } from './helpers/auth-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ alice: 's3cret' });
});
afterAll(async () => {
  await t.stop();
});

describe('concurrency', () => {
  it('1,000 concurrent SOAP 1.2 logins give 1,000 distinct tickets that each log out', async () => {
    const client = new AuthClient({ baseUrl: t.service.baseUrl, binding: 'soap12' });
    const tickets = await Promise.all(
      Array.from({ length: 1000 }, () =>
        client.login({ Username: 'alice', Password: 's3cret' }).then((r) => r.ServiceTicket),
      ),
    );
    expect(new Set(tickets).size).toBe(1000);
    const out = await Promise.all(tickets.map((ServiceTicket) => client.logout({ ServiceTicket })));
    expect(out.map((o) => o.ServiceTicket)).toEqual(tickets);
  });
});
