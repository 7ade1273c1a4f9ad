/**
 * The answers bench/large-answers.ts serves: a Salesforce `query` answer (`queryResponse`)
 * of `n` Account records with 36 fields each, as the partner contract writes it (`sObject`
 * records whose fields are `xsd:any` elements) and as the enterprise contract does
 * (`xsi:type="sf:Account"` records, fields declared by the type), and the same records as
 * JSON (the floor). Values are deterministic (record index), of the kinds Account holds; with
 * `nils` (a percentage), about that share of the fields but `Id` is nil instead, as Salesforce
 * writes an empty field (`<sf:Fax xsi:nil="true"/>`; `null` in JSON).
 */

/** A field of the records: its name and the kind of value it holds. */
type FieldKind = 'id' | 'string' | 'double' | 'boolean' | 'int' | 'date' | 'dateTime';

/** Id and 35 fields of the enterprise contract's Account type (all simple). */
export const ACCOUNT_FIELDS: readonly (readonly [string, FieldKind])[] = [
  ['Id', 'id'],
  ['AccountSource', 'string'],
  ['AnnualRevenue', 'double'],
  ['BillingCity', 'string'],
  ['BillingCountry', 'string'],
  ['BillingLatitude', 'double'],
  ['BillingLongitude', 'double'],
  ['BillingPostalCode', 'string'],
  ['BillingState', 'string'],
  ['BillingStreet', 'string'],
  ['CreatedById', 'id'],
  ['CreatedDate', 'dateTime'],
  ['Description', 'string'],
  ['Fax', 'string'],
  ['Industry', 'string'],
  ['IsDeleted', 'boolean'],
  ['Jigsaw', 'string'],
  ['JigsawCompanyId', 'string'],
  ['LastActivityDate', 'date'],
  ['LastModifiedById', 'id'],
  ['LastModifiedDate', 'dateTime'],
  ['LastReferencedDate', 'dateTime'],
  ['LastViewedDate', 'dateTime'],
  ['MasterRecordId', 'id'],
  ['Name', 'string'],
  ['NumberOfEmployees', 'int'],
  ['OwnerId', 'id'],
  ['ParentId', 'id'],
  ['Phone', 'string'],
  ['PhotoUrl', 'string'],
  ['ShippingCity', 'string'],
  ['ShippingCountry', 'string'],
  ['ShippingLatitude', 'double'],
  ['ShippingLongitude', 'double'],
  ['ShippingPostalCode', 'string'],
  ['ShippingState', 'string'],
];

const CITIES = ['San Francisco', 'Paris', 'Zürich', 'New York', 'Tokyo', 'São Paulo', 'Berlin', 'Sydney'];
const INDUSTRIES = ['Banking', 'Retail', 'Energy', 'Technology', 'Media & Telecom', 'Healthcare'];

function id(i: number, salt: number): string {
  return `001${(i * 7919 + salt * 104729).toString(36).padStart(12, '0').slice(-12)}AAA`;
}

/** The text of field `f` of record `i` (the same text both contracts write; JSON takes the typed value). */
function fieldText(name: string, kind: FieldKind, i: number, k: number): string {
  switch (kind) {
    case 'id':
      return id(i, k);
    case 'double':
      return String(((i * 37 + k * 11) % 100_000) / 100 + 0.25);
    case 'boolean':
      return i % 17 === 0 ? 'true' : 'false';
    case 'int':
      return String((i * 13) % 50_000);
    case 'date':
      return `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    case 'dateTime':
      return `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:${String((i + k) % 60).padStart(2, '0')}:07.000Z`;
    default:
      if (name.endsWith('City')) return CITIES[(i + k) % CITIES.length]!;
      if (name === 'Industry') return INDUSTRIES[i % INDUSTRIES.length]!;
      if (name === 'Name') return `Account ${i} & Sons <Ltd>`;
      if (name === 'Description') return `Customer since ${2000 + (i % 24)}; key account of region ${i % 40}`;
      return `${name.slice(0, 6)}-${(i * 31 + k) % 9973}`;
  }
}

/** Whether field `k` of record `i` is nil when `nils` percent of the fields are (deterministic, spread over fields). */
function isNil(i: number, k: number, nils: number): boolean {
  return k > 0 && (i * 31 + k * 17) % 100 < nils;
}

/** `<`, `&` and `>` escaped for element content. */
function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Which contract's answer. */
export type Contract = 'partner' | 'enterprise';

const TNS: Record<Contract, string> = {
  partner: 'urn:partner.soap.sforce.com',
  enterprise: 'urn:enterprise.soap.sforce.com',
};
const SOBJECT_NS: Record<Contract, string> = {
  partner: 'urn:sobject.partner.soap.sforce.com',
  enterprise: 'urn:sobject.enterprise.soap.sforce.com',
};

function record(contract: Contract, i: number, nils: number): string {
  let s =
    contract === 'partner'
      ? '<records xsi:type="sf:sObject"><sf:type>Account</sf:type>'
      : '<records xsi:type="sf:Account">';
  for (let k = 0; k < ACCOUNT_FIELDS.length; k++) {
    const [name, kind] = ACCOUNT_FIELDS[k]!;
    s += isNil(i, k, nils)
      ? `<sf:${name} xsi:nil="true"/>`
      : `<sf:${name}>${esc(fieldText(name, kind, i, k))}</sf:${name}>`;
  }
  return `${s}</records>`;
}

function envelopeStart(contract: Contract): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="${TNS[contract]}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:sf="${SOBJECT_NS[contract]}"><soapenv:Body><queryResponse><result xsi:type="QueryResult"><done>true</done><queryLocator xsi:nil="true"/>`;
}

/**
 * The `queryResponse` of `contract` with records until the body reaches about `bytes` bytes (at
 * least one record), `nils` percent of their fields nil.
 */
export function soapAnswer(
  contract: Contract,
  bytes: number,
  nils = 0,
): { readonly body: Buffer; readonly records: number } {
  const parts: string[] = [envelopeStart(contract)];
  let size = Buffer.byteLength(parts[0]!);
  let n = 0;
  while (n === 0 || size < bytes - 200) {
    const r = record(contract, n++, nils);
    size += Buffer.byteLength(r);
    parts.push(r);
  }
  parts.push(`<size>${n}</size></result></queryResponse></soapenv:Body></soapenv:Envelope>`);
  return { body: Buffer.from(parts.join('')), records: n };
}

/** The same `n` records as JSON (typed values; `type` as the partner records carry it; nil fields `null`). */
export function jsonAnswer(n: number, nils = 0): Buffer {
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const r: Record<string, unknown> = { type: 'Account' };
    for (let k = 0; k < ACCOUNT_FIELDS.length; k++) {
      const [name, kind] = ACCOUNT_FIELDS[k]!;
      const t = fieldText(name, kind, i, k);
      r[name] = isNil(i, k, nils)
        ? null
        : kind === 'double' || kind === 'int'
          ? Number(t)
          : kind === 'boolean'
            ? t === 'true'
            : t;
    }
    records.push(r);
  }
  return Buffer.from(JSON.stringify({ done: true, queryLocator: null, records, size: n }));
}

/**
 * NetSuite 2023.2's answer to `getServerTime` (the first-call table's third contract), as NetSuite
 * writes it: a `documentInfo` header, and the result element carrying an `xsi:type` naming its
 * type, so that the client's first call reads a type by its name (issue 31).
 */
export function netsuiteServerTimeAnswer(): Buffer {
  const msgs = 'urn:messages_2023_2.platform.webservices.netsuite.com';
  const core = 'urn:core_2023_2.platform.webservices.netsuite.com';
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Header><platformMsgs:documentInfo xmlns:platformMsgs="${msgs}"><platformMsgs:nsId>WEBSERVICES_1234567_1128202614590712345678_abcdef</platformMsgs:nsId></platformMsgs:documentInfo></soapenv:Header><soapenv:Body><getServerTimeResponse xmlns="${msgs}"><platformCore:getServerTimeResult xmlns:platformCore="${core}" xsi:type="platformCore:GetServerTimeResult"><platformCore:status isSuccess="true"/><platformCore:serverTime>2026-11-28T07:14:59.120-08:00</platformCore:serverTime></platformCore:getServerTimeResult></getServerTimeResponse></soapenv:Body></soapenv:Envelope>`,
  );
}
