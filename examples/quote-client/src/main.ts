/**
 * Prints the last price of each symbol given on the command line, from a Quotes service.
 *
 *   QUOTES_URL=http://127.0.0.1:8081/quotes/Quotes.svc node dist/main.js AAPL MSFT [--soap12]
 *
 * Everything SOAP is in the generated client (src/generated/quotes, made by `npm run
 * generate` from wsdl/quotes.wsdl): this file only calls it and handles its errors.
 */
import { HttpError, isGetQuotesFault, QuotesClient, SoapFaultError, type Quote } from './generated/quotes/index.js';

const args = process.argv.slice(2);
const symbols = args.filter((a) => !a.startsWith('--'));
const endpoint = process.env['QUOTES_URL'];
if (symbols.length === 0 || endpoint === undefined) {
  console.error('usage: QUOTES_URL=<service address> node dist/main.js <symbol>... [--soap12]');
  process.exit(2);
}

const client = new QuotesClient({
  endpoint,
  binding: args.includes('--soap12') ? 'soap12' : 'soap11',
  timeoutMs: 10_000,
});

/** One line per quote: the decimal price is a string, exactly as the service wrote it. */
function format(q: Quote): string {
  const change = q.Change === undefined ? 'n/a' : `${q.Change > 0 ? '+' : ''}${q.Change.toFixed(2)}%`;
  return `${q.Symbol.padEnd(6)} ${q.Price} ${q.Currency}  ${change}  at ${q.AsOf.toISOString()}`;
}

try {
  const open = await client.getMarketStatus({});
  console.log(`market ${open ? 'open' : 'closed'}`);
  for (const quote of await client.getQuotes({ Symbol: symbols })) console.log(format(quote));
} catch (err) {
  if (isGetQuotesFault(err) && err.fault === 'UnknownSymbol') {
    // A fault the contract declares: its detail is typed.
    console.error(`unknown symbol: ${err.detail.Symbol}`);
    process.exitCode = 1;
  } else if (err instanceof SoapFaultError) {
    console.error(`the service failed: ${err.reason}`);
    process.exitCode = 1;
  } else if (err instanceof HttpError) {
    console.error(`HTTP ${err.status} from ${endpoint}`);
    process.exitCode = 1;
  } else {
    throw err;
  }
}
