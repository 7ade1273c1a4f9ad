/**
 * .NET DataSets on the wire (ASMX methods returning `DataSet` or `DataTable`).
 *
 * `wsdl.exe` describes such a value as `<s:sequence><s:element ref="s:schema"/><s:any/></s:sequence>`:
 * the element holds an inline XML schema (one `xs:element msdata:IsDataSet="true"`
 * whose choice lists the tables, each a sequence of columns with their XSD
 * types) followed by a `diffgr:diffgram` whose first child holds the rows
 * (Microsoft, "DiffGrams", ADO.NET; the `msdata` annotations of "Deriving
 * DataSet Relational Structure from XML Schema").
 *
 * Decoded as `{ schema, tables, raw }`: the tables and columns of the schema,
 * the current rows of each table with values converted per column type, and
 * the element itself. `diffgr:before` (original values of changed rows) and
 * `diffgr:errors` are kept only in `raw`. Written back as the same two children.
 *
 * Ships with generated code whose contract has a DataSet (its schema.ts imports this
 * module, which registers itself with the codec, see codec-extensions.ts), or when
 * asked for (`--runtime-features dataset`).
 */
import { DecodeError, EncodeError, decodeScalar, encodeScalar } from './scalars.js';
import { attr, childElements, textOf } from '../xml/xml-parse.js';
import type { XmlElement } from '../xml/xml-tree.js';
import { detachElement } from '../xml/xml-detach.js';
import { XSD_NS, XSI_NS, type XmlWriter } from '../xml/xml-write.js';
import type { ScalarKind } from './descriptors.js';
import { DIFFGRAM_NS, MSDATA_NS } from './namespaces.js';
import { codecExtensions } from './codec-extensions.js';
import type { OptionalModule } from './descriptor-data.js';

/** One column of a DataSet table: its name and XSD built-in type (local name, e.g. `int`). */
export interface DataSetColumn {
  readonly name: string;
  /** The column's XML Schema built-in type, local name (`string`, `int`, `dateTime`...). */
  readonly type: string;
  /** `msdata:DataType` when the schema gives one (e.g. `System.Guid, mscorlib, ...`). */
  readonly dataType?: string;
  /** Whether the column is written as an attribute of the row (`msdata:ColumnMapping="Attribute"`). */
  readonly attribute?: boolean;
}

/** One table of a DataSet: its name and columns, in schema order. */
export interface DataSetTable {
  readonly name: string;
  readonly columns: readonly DataSetColumn[];
}

/** The structure a DataSet's inline schema declares. */
export interface DataSetSchema {
  /** The DataSet's name (the `xs:element msdata:IsDataSet="true"`), e.g. `NewDataSet`. */
  readonly name: string;
  /** The namespace of the rows (the schema's targetNamespace), `''` for none. */
  readonly namespace: string;
  /** Set for a `DataTable` return value: the name of its table (`msdata:MainDataTable`). */
  readonly mainTable?: string;
  readonly tables: readonly DataSetTable[];
}

/** A column value: per column type (see {@link columnKind}); `null` when the row has no value. */
export type DataSetValue = string | number | bigint | boolean | Date | Uint8Array | null;

/** One row: column name -> value. */
export type DataSetRow = Record<string, DataSetValue>;

/** A decoded DataSet (or DataTable). */
export interface DataSet {
  readonly schema: DataSetSchema;
  /** The current rows of each table, by table name, in document order. */
  readonly tables: Readonly<Record<string, readonly DataSetRow[]>>;
  /** The element as received (absent on values built by hand). */
  readonly raw?: XmlElement;
}

/**
 * The runtime scalar a column of XSD type `type` decodes to: `int` for the 32-bit
 * and smaller integers, `bigint` for `long`/`unsignedLong`/`integer` (ADO.NET
 * Int64 and identity columns exceed 2^53), `decimalString` for `decimal` (exact),
 * `double` for `float`/`double`, `boolean`, `dateTime` for `dateTime`/`date`,
 * `base64` for `base64Binary`; anything else (`string`, `duration`, `time`, GUIDs) stays a string.
 */
export function columnKind(type: string): ScalarKind {
  switch (type) {
    case 'int':
    case 'short':
    case 'byte':
    case 'unsignedByte':
    case 'unsignedShort':
    case 'unsignedInt':
      return 'int';
    case 'long':
    case 'unsignedLong':
    case 'integer':
      return 'bigint';
    case 'decimal':
      return 'decimalString';
    case 'float':
    case 'double':
      return 'double';
    case 'boolean':
      return 'boolean';
    case 'dateTime':
    case 'date':
      return 'dateTime';
    case 'base64Binary':
      return 'base64';
    default:
      return 'string';
  }
}

function xsdChildren(el: XmlElement, name?: string): XmlElement[] {
  return childElements(el).filter((c) => c.ns === XSD_NS && (name === undefined || c.name === name));
}

/** The local name of a QName-valued attribute (`xs:int` -> `int`). */
function localOf(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
}

/** The XSD built-in type of a column declaration (`type=` or a restriction's base), `string` by default. */
function columnType(decl: XmlElement): string {
  const type = attr(decl, 'type');
  if (type !== undefined) return localOf(type);
  const restriction = xsdChildren(decl, 'simpleType').flatMap((s) => xsdChildren(s, 'restriction'))[0];
  const base = restriction ? attr(restriction, 'base') : undefined;
  return base !== undefined ? localOf(base) : 'string';
}

function column(decl: XmlElement, isAttribute: boolean): DataSetColumn {
  const dataType = attr(decl, 'DataType', MSDATA_NS);
  return {
    name: attr(decl, 'name') ?? '',
    type: columnType(decl),
    ...(dataType !== undefined ? { dataType } : {}),
    ...(isAttribute ? { attribute: true } : {}),
  };
}

/** The columns of a table element declaration: its sequence's elements, then its attributes. */
function tableOf(decl: XmlElement): DataSetTable {
  const type = xsdChildren(decl, 'complexType')[0];
  const columns: DataSetColumn[] = [];
  if (type) {
    for (const group of [...xsdChildren(type, 'sequence'), ...xsdChildren(type, 'all')])
      for (const c of xsdChildren(group, 'element')) columns.push(column(c, false));
    for (const a of xsdChildren(type, 'attribute')) columns.push(column(a, true));
  }
  return { name: attr(decl, 'name') ?? '', columns };
}

/**
 * Reads the structure of a DataSet's inline schema: the element marked
 * `msdata:IsDataSet="true"` (or else the first global element) and the tables
 * its choice (or sequence) declares.
 * @throws DecodeError when the schema declares no DataSet element
 */
export function readDataSetSchema(schema: XmlElement, path = ''): DataSetSchema {
  const globals = xsdChildren(schema, 'element');
  const root = globals.find((e) => attr(e, 'IsDataSet', MSDATA_NS) === 'true') ?? globals[0];
  if (!root) throw new DecodeError(path, 'the DataSet schema declares no element');
  const type = xsdChildren(root, 'complexType')[0];
  const tables: DataSetTable[] = [];
  if (type) {
    for (const group of [...xsdChildren(type, 'choice'), ...xsdChildren(type, 'sequence')])
      for (const t of xsdChildren(group, 'element')) tables.push(tableOf(t));
  }
  const mainTable = attr(root, 'MainDataTable', MSDATA_NS);
  return {
    name: attr(root, 'name') ?? 'NewDataSet',
    namespace: attr(schema, 'targetNamespace') ?? '',
    ...(mainTable !== undefined ? { mainTable: localOf(mainTable.replace(/_x003A_/g, ':')) } : {}),
    tables,
  };
}

function decodeCell(text: string, col: DataSetColumn, path: string): DataSetValue {
  const kind = columnKind(col.type);
  // An empty element in a non-string column (hand-written diffgrams do this for DBNull) is null.
  if (kind !== 'string' && text.trim() === '') return null;
  try {
    return decodeScalar(columnKind(col.type), text) as DataSetValue;
  } catch (err) {
    throw new DecodeError(path, err instanceof Error ? err.message : String(err));
  }
}

/**
 * The structure of rows sent without a usable schema (some services write only
 * the diffgram, or an empty `xs:schema`): one table per row element name, its
 * columns the child element names in order of first appearance, all strings.
 */
function inferSchema(data: XmlElement | undefined): DataSetSchema {
  const tables = new Map<string, string[]>();
  for (const row of data ? childElements(data) : []) {
    let cols = tables.get(row.name);
    if (!cols) tables.set(row.name, (cols = []));
    for (const c of childElements(row)) if (!cols.includes(c.name)) cols.push(c.name);
  }
  return {
    name: data?.name ?? 'NewDataSet',
    namespace: data?.ns ?? '',
    tables: [...tables].map(([name, cols]) => ({ name, columns: cols.map((c) => ({ name: c, type: 'string' })) })),
  };
}

/**
 * Decodes a DataSet element (`<XResult><xs:schema/><diffgr:diffgram/></XResult>`).
 * Rows of tables the schema does not declare are skipped; a column with no
 * element in a row is `null` (ADO.NET omits DBNull values). Without a schema
 * (or with one that declares no DataSet), the structure is inferred from the
 * rows and every value is a string.
 * @throws DecodeError naming `path` when a value does not fit its column
 */
export function decodeDataSet(el: XmlElement, path = ''): DataSet {
  const schemaEl = childElements(el, XSD_NS, 'schema')[0];
  const diffgram = childElements(el, DIFFGRAM_NS, 'diffgram')[0];
  // An empty DataSet has an empty diffgram (or none); the data sits in the diffgram's first other child.
  const data = diffgram ? childElements(diffgram).find((c) => c.ns !== DIFFGRAM_NS) : undefined;
  const declared = schemaEl && xsdChildren(schemaEl, 'element').length > 0;
  const schema = declared ? readDataSetSchema(schemaEl, path) : inferSchema(data);
  const tables: Record<string, DataSetRow[]> = {};
  const byName = new Map<string, DataSetTable>();
  for (const t of schema.tables) {
    tables[t.name] = [];
    byName.set(t.name, t);
  }
  for (const rowEl of data ? childElements(data) : []) {
    const table = byName.get(rowEl.name);
    if (!table) continue;
    const rowPath = `${path}/${table.name}[${tables[table.name]?.length ?? 0}]`;
    const row: DataSetRow = {};
    for (const col of table.columns) {
      if (col.attribute) {
        const v = attr(rowEl, col.name);
        row[col.name] = v === undefined ? null : decodeCell(v, col, `${rowPath}/@${col.name}`);
        continue;
      }
      const cell = childElements(rowEl).find((c) => c.name === col.name);
      row[col.name] =
        cell === undefined || attr(cell, 'nil', XSI_NS) === 'true'
          ? null
          : decodeCell(textOf(cell), col, `${rowPath}/${col.name}`);
    }
    tables[table.name]?.push(row);
  }
  return { schema, tables, raw: detachElement(el) };
}

/** Whether `value` looks like a {@link DataSet} (for encoding). */
function isDataSet(value: unknown): value is DataSet {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<DataSet>;
  return typeof v.schema === 'object' && v.schema !== null && typeof v.tables === 'object' && v.tables !== null;
}

/** Writes the inline schema of `schema` as ADO.NET does (`WriteXmlSchema`). */
function writeSchema(w: XmlWriter, schema: DataSetSchema): void {
  w.start(XSD_NS, 'schema', 'xs');
  w.attr('', 'id', schema.name);
  if (schema.namespace !== '') {
    w.attr('', 'targetNamespace', schema.namespace);
    w.attr('', 'elementFormDefault', 'qualified');
  }
  w.declare('msdata', MSDATA_NS);
  w.start(XSD_NS, 'element', 'xs').attr('', 'name', schema.name).attr(MSDATA_NS, 'IsDataSet', 'true');
  if (schema.mainTable !== undefined) w.attr(MSDATA_NS, 'MainDataTable', schema.mainTable);
  w.attr(MSDATA_NS, 'UseCurrentLocale', 'true');
  w.start(XSD_NS, 'complexType', 'xs').start(XSD_NS, 'choice', 'xs');
  w.attr('', 'minOccurs', '0').attr('', 'maxOccurs', 'unbounded');
  for (const t of schema.tables) {
    w.start(XSD_NS, 'element', 'xs').attr('', 'name', t.name).start(XSD_NS, 'complexType', 'xs');
    const elements = t.columns.filter((c) => !c.attribute);
    if (elements.length > 0) {
      w.start(XSD_NS, 'sequence', 'xs');
      for (const c of elements) {
        w.start(XSD_NS, 'element', 'xs').attr('', 'name', c.name);
        if (c.dataType !== undefined) w.attr(MSDATA_NS, 'DataType', c.dataType);
        w.attr('', 'type', `xs:${c.type}`).attr('', 'minOccurs', '0').end();
      }
      w.end();
    }
    for (const c of t.columns.filter((x) => x.attribute)) {
      w.start(XSD_NS, 'attribute', 'xs').attr('', 'name', c.name);
      w.attr('', 'type', `xs:${c.type}`).end();
    }
    w.end().end();
  }
  w.end().end().end().end();
}

function encodeCell(value: DataSetValue, col: DataSetColumn, path: string): string {
  try {
    return encodeScalar(columnKind(col.type), value);
  } catch (err) {
    throw new EncodeError(path, err instanceof Error ? err.message : String(err));
  }
}

/**
 * Writes a DataSet value as the content of its element: the inline schema, then
 * a `diffgr:diffgram` with the rows of each table in schema order
 * (`diffgr:id` and `msdata:rowOrder` as ADO.NET writes them; `null` columns omitted).
 * @throws EncodeError naming `path` when the value is not a DataSet or a cell does not fit its column
 */
export function writeDataSet(w: XmlWriter, value: unknown, path: string): void {
  if (!isDataSet(value)) throw new EncodeError(path, 'expected a DataSet ({ schema, tables })');
  const { schema } = value;
  writeSchema(w, schema);
  w.start(DIFFGRAM_NS, 'diffgram', 'diffgr');
  w.declare('msdata', MSDATA_NS);
  const rows = schema.tables.map((t) => [t, value.tables[t.name] ?? []] as const);
  if (rows.some(([, r]) => r.length > 0)) {
    w.start(schema.namespace, schema.name);
    for (const [table, tableRows] of rows) {
      tableRows.forEach((row, i) => {
        const rowPath = `${path}/${table.name}[${i}]`;
        w.start(schema.namespace, table.name);
        w.attr(DIFFGRAM_NS, 'id', `${table.name}${i + 1}`).attr(MSDATA_NS, 'rowOrder', String(i));
        for (const c of table.columns) {
          const v = row[c.name];
          if (c.attribute && v !== null && v !== undefined)
            w.attr('', c.name, encodeCell(v, c, `${rowPath}/@${c.name}`));
        }
        for (const c of table.columns) {
          const v = row[c.name];
          if (c.attribute || v === null || v === undefined) continue;
          w.start(schema.namespace, c.name)
            .text(encodeCell(v, c, `${rowPath}/${c.name}`))
            .end();
        }
        w.end();
      });
    }
    w.end();
  }
  w.end();
}

codecExtensions.dataSet = { read: decodeDataSet, write: writeDataSet };

/** This module's mark, which a generated schema.ts hands to `SchemaData` (see `OptionalModule`). */
export const dataSetModule: OptionalModule = { module: 'wire/dataset' };
