/**
 * Two contracts in one project, one runtime: wsdlc.config.json lists the Auth and Quotes
 * contracts, and `npm run generate` writes `src/generated/auth/`, `src/generated/quotes/` and
 * the runtime both import, once, in `src/generated/runtime/`.
 *
 * This script serves both services from one node:http server (each handler passes the paths it
 * does not own to the next), calls them through their generated clients, and shows that a fault
 * from either client is the one `SoapFaultError` class of the shared runtime.
 *
 *   node dist/main.js            (port from PORT, else any free port; exits when done)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthClient, createAuthHandler, SoapFault, SoapFaultError, type AuthService } from './generated/auth/index.js';
import {
  createQuotesHandler,
  isGetQuotesFault,
  QuotesClient,
  SoapFaultError as QuotesSoapFaultError,
  type QuotesService,
} from './generated/quotes/index.js';

const tickets = new Set<string>();
const auth: AuthService = {
  async login({ Username, Password }) {
    if (Password !== 's3cret') throw new SoapFault({ code: 'Client', reason: 'Invalid username or password.' });
    const ticket = `ticket-${Username}-${tickets.size + 1}`;
    tickets.add(ticket);
    return { ServiceTicket: ticket };
  },
  async logout({ ServiceTicket }) {
    if (!tickets.delete(ServiceTicket))
      throw new SoapFault({ code: 'Client', reason: 'Unknown or expired service ticket.' });
    return { ServiceTicket };
  },
};

const prices: Readonly<Record<string, string>> = { AAPL: '189.25', MSFT: '402.10' };
const quotes: QuotesService = {
  async getQuotes(input) {
    return input.Symbol.map((symbol) => {
      const price = prices[symbol];
      if (price === undefined) {
        throw new SoapFault({
          code: 'Client',
          reason: `unknown symbol ${symbol}`,
          fault: 'UnknownSymbol',
          detail: { Symbol: symbol },
        });
      }
      return { Symbol: symbol, Price: price, Currency: 'USD', AsOf: new Date('2026-11-27T21:00:00Z') };
    });
  },
  async getMarketStatus() {
    return true;
  },
};

const authHandler = createAuthHandler(auth);
const quotesHandler = createQuotesHandler(quotes);
const server = createServer((req, res) => authHandler(req, res, () => quotesHandler(req, res)));
server.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

try {
  const authClient = new AuthClient({ baseUrl });
  const quotesClient = new QuotesClient({ baseUrl, binding: 'soap12' });

  const { ServiceTicket } = await authClient.login({ Username: 'alice', Password: 's3cret' });
  console.log(`logged in: ${ServiceTicket}`);
  for (const q of await quotesClient.getQuotes({ Symbol: ['AAPL', 'MSFT'] }))
    console.log(`${q.Symbol} ${q.Price} ${q.Currency}`);

  try {
    await quotesClient.getQuotes({ Symbol: ['XYZ'] });
  } catch (err) {
    // One runtime: both contracts export the same class.
    console.log(
      `same SoapFaultError class: ${SoapFaultError === QuotesSoapFaultError && err instanceof SoapFaultError}`,
    );
    if (isGetQuotesFault(err)) console.log(`declared fault ${err.fault}: ${err.detail.Symbol}`);
  }

  await authClient.logout({ ServiceTicket });
  await authClient.logout({ ServiceTicket }).catch((err: unknown) => {
    if (err instanceof SoapFaultError) console.log(`second logout: ${err.reason}`);
  });
} finally {
  server.close();
}
