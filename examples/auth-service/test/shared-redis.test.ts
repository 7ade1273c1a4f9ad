/** Two service instances sharing one Redis accept each other's tickets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient } from '../../../generated/auth/index.js';
import { INVALID_TICKET_MESSAGE } from '../src/authenticator.js';
import { SKIP_REDIS, startRedis, type TestRedis } from './helpers/redis-server.js';
import { failureText, rejection, startTestService, type TestService } from './helpers/auth-service.js';

describe.skipIf(SKIP_REDIS)('two instances behind one Redis', () => {
  let redis: TestRedis;
  let a: TestService;
  let b: TestService;

  beforeAll(async () => {
    redis = await startRedis();
    a = await startTestService({ alice: 'pw-a' }, { redisUrl: redis.url });
    b = await startTestService({ alice: 'pw-a' }, { redisUrl: redis.url });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await redis?.stop();
  });

  it('logs in on one instance and out on the other; the ticket is then dead on both', async () => {
    const onA = new AuthClient({ baseUrl: a.service.baseUrl, binding: 'soap12' });
    const onB = new AuthClient({ baseUrl: b.service.baseUrl, binding: 'soap11' });
    const { ServiceTicket } = await onA.login({ Username: 'alice', Password: 'pw-a' });
    expect(await onB.logout({ ServiceTicket })).toEqual({ ServiceTicket });
    expect(failureText(await rejection(onA.logout({ ServiceTicket })))).toBe(INVALID_TICKET_MESSAGE);
    expect(failureText(await rejection(onB.logout({ ServiceTicket })))).toBe(INVALID_TICKET_MESSAGE);
  });

  it('splits 200 concurrent logins across both instances; every ticket logs out once on the other', async () => {
    const clients = [a, b].map((s) => new AuthClient({ baseUrl: s.service.baseUrl, binding: 'httpPost' }));
    const tickets = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        clients[i % 2]!.login({ Username: 'alice', Password: 'pw-a' }).then((r) => r.ServiceTicket),
      ),
    );
    expect(new Set(tickets).size).toBe(200);
    const out = await Promise.all(tickets.map((ticket, i) => clients[(i + 1) % 2]!.logout({ ServiceTicket: ticket })));
    expect(out.map((o) => o.ServiceTicket)).toEqual(tickets);
  });
});
