/**
 * The service pages (src/runtime/server/pages/): the service page, operation pages
 * with samples and a test form, `?disco`, the loopback rule, `pages: false`, and
 * HTML injection from a WSDL (documentation, names, enumeration values).
 */
import { describe, expect, it } from 'vitest';
import { AuthClient, createAuthHandler, type AuthService } from '../../generated/auth/index.js';
import { inMemoryTransport } from '../../src/runtime/client/transport-memory.js';
import type { Transport } from '../../src/runtime/client/transport.js';
import { createServiceHandler } from '../../src/runtime/server/server.js';
import type { ServiceDesc } from '../../src/runtime/wire/descriptors.js';

const impl: AuthService = {
  login: async (i) => ({ ServiceTicket: `T-${i.Username}` }),
  logout: async (i) => ({ ServiceTicket: i.ServiceTicket }),
};

const HOST = 'http://localhost';

async function get(t: Transport, path: string): Promise<{ status: number; type: string; body: string }> {
  const r = await t({ method: 'GET', url: new URL(path, HOST), headers: {}, maxResponseBytes: 1 << 22 });
  return { status: r.status, type: r.headers['content-type'] ?? '', body: r.body };
}

async function postForm(t: Transport, path: string, form: string): Promise<{ status: number; body: string }> {
  const r = await t({
    method: 'POST',
    url: new URL(path, HOST),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
    maxResponseBytes: 1 << 22,
  });
  return { status: r.status, body: r.body };
}

describe('service pages of the generated Auth server', () => {
  const local = inMemoryTransport(createAuthHandler(impl));

  it('answers the service page on a GET of the service path: documentation, operations, ?wsdl', async () => {
    const r = await get(local, '/ecomm/Auth.asmx');
    expect(r.status).toBe(200);
    expect(r.type).toBe('text/html; charset=utf-8');
    expect(r.body).toContain('<h1>Auth</h1>');
    expect(r.body).toContain('Authentication service. Login opens a session');
    expect(r.body).toContain('<a href="?op=Login">Login</a>');
    expect(r.body).toContain('<a href="?op=Logout">Logout</a>');
    expect(r.body).toContain('<a href="?wsdl">');
    expect(r.body).not.toMatch(/<script/i);
  });

  it('answers an operation page with a sample of each binding and a labelled test form', async () => {
    const r = await get(local, '/ecomm/Auth.asmx?op=Login');
    expect(r.status).toBe(200);
    for (const title of ['SOAP 1.1', 'SOAP 1.2', 'HTTP GET', 'HTTP POST'])
      expect(r.body).toContain(`<h2>${title}</h2>`);
    expect(r.body).toContain('POST /ecomm/Auth.asmx HTTP/1.1\nHost: localhost\nContent-Type: text/xml; charset=utf-8');
    expect(r.body).toContain('Content-Length: <var>length</var>');
    expect(r.body).toContain('SOAPAction: &quot;http://schemas.example.com/ecomm/auth/Login&quot;');
    expect(r.body).toContain('&lt;Username&gt;<var>string</var>&lt;/Username&gt;');
    expect(r.body).toContain(
      'GET /ecomm/Auth.asmx/Login?Username=<var>string</var>&amp;Password=<var>string</var> HTTP/1.1',
    );
    expect(r.body).toContain('&lt;EmAuthResult xmlns=&quot;http://schemas.example.com/ecomm/auth&quot;&gt;');
    expect(r.body).toMatch(
      /<label for="field-0">Username<small>string<\/small><\/label><input id="field-0" name="Username"/,
    );
    expect(r.body).toContain('<form method="post" action="?op=Login">');
  });

  it('answers the test form through the HTTP POST binding and shows the response', async () => {
    const r = await postForm(local, '/ecomm/Auth.asmx?op=Login', 'Username=alice&Password=pw');
    expect(r.status).toBe(200);
    expect(r.body).toContain('The HTTP POST binding answered <strong>200</strong>');
    expect(r.body).toContain(
      '&lt;EmAuthResult xmlns=&quot;http://schemas.example.com/ecomm/auth&quot;&gt;&lt;ServiceTicket&gt;T-alice&lt;/ServiceTicket&gt;&lt;/EmAuthResult&gt;',
    );
  });

  it('offers and answers the test form only to loopback addresses unless enabled', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.2']) {
      const t = inMemoryTransport(createAuthHandler(impl), { remoteAddress: address });
      expect((await get(t, '/ecomm/Auth.asmx?op=Login')).body).toContain('<form');
    }
    const remote = inMemoryTransport(createAuthHandler(impl), { remoteAddress: '203.0.113.7' });
    const page = await get(remote, '/ecomm/Auth.asmx?op=Login');
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<form');
    expect(page.body).toContain('only available for requests from the local machine');
    const refused = await postForm(remote, '/ecomm/Auth.asmx?op=Login', 'Username=alice&Password=pw');
    expect(refused.status).toBe(403);
    expect(refused.body).not.toContain('T-alice');
    const open = inMemoryTransport(createAuthHandler(impl, { pages: { testForm: 'any' } }), {
      remoteAddress: '203.0.113.7',
    });
    expect((await postForm(open, '/ecomm/Auth.asmx?op=Login', 'Username=bob&Password=pw')).body).toContain('T-bob');
    const off = inMemoryTransport(createAuthHandler(impl, { pages: { testForm: 'off' } }));
    expect((await postForm(off, '/ecomm/Auth.asmx?op=Login', 'Username=bob&Password=pw')).status).toBe(403);
  });

  it('answers ?disco with the contract and the SOAP ports', async () => {
    const r = await get(local, '/ecomm/Auth.asmx?disco');
    expect(r.status).toBe(200);
    expect(r.type).toBe('text/xml; charset=utf-8');
    expect(r.body).toContain('<discovery xmlns="http://schemas.xmlsoap.org/disco/">');
    expect(r.body).toContain('ref="http://localhost/ecomm/Auth.asmx?wsdl" docRef="http://localhost/ecomm/Auth.asmx"');
    expect(r.body).toMatch(
      /address="http:\/\/localhost\/ecomm\/Auth.asmx" xmlns:(\w+)="http:\/\/schemas.example.com\/ecomm\/auth" binding="\1:AuthSoap"/,
    );
    expect(r.body).toMatch(/binding="\w+:AuthSoap12"/);
  });

  it('answers one line of text instead with pages: false, and 404 for an unknown operation', async () => {
    const off = inMemoryTransport(createAuthHandler(impl, { pages: false }));
    const r = await get(off, '/ecomm/Auth.asmx');
    expect(r.type).toBe('text/plain; charset=utf-8');
    expect(r.body).toContain('Auth web service. Operations: Login, Logout.');
    expect((await get(local, '/ecomm/Auth.asmx?op=Nope')).status).toBe(404);
  });

  it('leaves the client and the bindings as they were', async () => {
    const client = new AuthClient({ transport: local, binding: 'httpPost' });
    expect(await client.login({ Username: 'carol', Password: 'x' })).toEqual({ ServiceTicket: 'T-carol' });
  });
});

describe('HTML injection: text from the WSDL is shown as text', () => {
  const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&';
  const service: ServiceDesc = {
    name: 'Evil<b>Svc</b>',
    targetNamespace: 'urn:evil',
    ports: [
      { name: 'P', kind: 'soap11', address: 'http://localhost/evil.asmx', path: '/evil.asmx' },
      { name: 'H', kind: 'httpPost', address: 'http://localhost/evil.asmx', path: '/evil.asmx' },
    ],
    operations: [
      {
        name: 'Do<i>It</i>"',
        method: 'doIt',
        input: { complex: 'In' },
        output: { complex: 'Out' },
        soap11: {
          action: 'urn:evil/"><script>x</script>',
          style: 'document',
          use: 'literal',
          input: { element: { name: 'In', ns: 'urn:evil' }, value: { complex: 'In' } },
          output: { element: { name: 'Out', ns: 'urn:evil' }, value: { complex: 'Out' } },
        },
        httpPost: {
          path: '/DoIt',
          params: [
            { prop: 'Color', name: 'Co"l<or>', value: { scalar: 'string', enum: [evil, 'plain'] }, min: 1, max: 1 },
          ],
          output: { element: { name: 'Out', ns: 'urn:evil' }, value: { complex: 'Out' } },
        },
      },
    ],
    types: {
      In: {
        name: 'In',
        ns: 'urn:evil',
        fields: [
          {
            prop: 'Color',
            name: 'Color',
            ns: 'urn:evil',
            value: { scalar: 'string', enum: [evil, 'plain'] },
            min: 1,
            max: 1,
          },
        ],
      },
      Out: {
        name: 'Out',
        ns: 'urn:evil',
        fields: [{ prop: 'R', name: 'R', ns: 'urn:evil', value: { scalar: 'string' }, min: 1, max: 1 }],
      },
    },
  };
  const wsdl = `<?xml version="1.0"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" targetNamespace="urn:evil">
  <documentation>Service &lt;script&gt;alert('doc')&lt;/script&gt; <b xmlns="">bold</b> &amp;amp; more</documentation>
  <portType name="T"><operation name="Do&lt;i&gt;It&lt;/i&gt;&quot;"><documentation>Op &lt;img src=x onerror=alert(3)&gt;</documentation></operation></portType>
  <service name="Evil&lt;b&gt;Svc&lt;/b&gt;"><port name="P" binding="x:B" xmlns:x="urn:evil"/></service>
</definitions>`;
  const handler = createServiceHandler(service, { 'Do<i>It</i>"': () => ({ R: evil }) }, { wsdl });
  const t = inMemoryTransport(handler);

  /** Every `<` in the page starts a tag the pages write themselves. */
  function onlyOwnTags(html: string): void {
    const tags = new Set([...html.matchAll(/<\/?([a-zA-Z0-9!]+)/g)].map((m) => m[1]!.toLowerCase()));
    const own = [
      '!doctype',
      'html',
      'head',
      'meta',
      'title',
      'style',
      'body',
      'header',
      'div',
      'p',
      'h1',
      'h2',
      'h3',
      'main',
      'ul',
      'li',
      'a',
      'pre',
      'var',
      'form',
      'label',
      'small',
      'select',
      'option',
      'input',
      'button',
      'strong',
    ];
    for (const tag of tags) expect(own).toContain(tag);
    expect(html).not.toMatch(/<(script|img|b|i)[\s>]/i);
    expect(html).not.toMatch(/<[a-z][^>]*\sonerror=/i);
  }

  it('on the service page', async () => {
    const r = await get(t, '/evil.asmx');
    onlyOwnTags(r.body);
    expect(r.body).toContain('Service &lt;script&gt;alert(&#39;doc&#39;)&lt;/script&gt; bold &amp;amp; more');
    expect(r.body).toContain('<h1>Evil&lt;b&gt;Svc&lt;/b&gt;</h1>');
    expect(r.body).toContain('href="?op=Do%3Ci%3EIt%3C%2Fi%3E%22"');
    expect(r.body).toContain('Op &lt;img src=x onerror=alert(3)&gt;');
  });

  it('on the operation page (names, enumeration values, SOAPAction) and the test result', async () => {
    const r = await get(t, `/evil.asmx?op=${encodeURIComponent('Do<i>It</i>"')}`);
    expect(r.status).toBe(200);
    onlyOwnTags(r.body);
    expect(r.body).toContain(
      '<option>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;&amp;</option>',
    );
    expect(r.body).toContain('name="Co&quot;l&lt;or&gt;"');
    expect(r.body).toContain('<var>&lt;script&gt;alert(1)&lt;/script&gt;');
    const res = await postForm(
      t,
      `/evil.asmx?op=${encodeURIComponent('Do<i>It</i>"')}`,
      new URLSearchParams([['Co"l<or>', evil]]).toString(),
    );
    expect(res.status).toBe(200);
    onlyOwnTags(res.body);
    expect(res.body).toContain('&amp;lt;script&amp;gt;alert(1)');
  });
});
