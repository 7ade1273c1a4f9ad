/**
 * The codec's optional value kinds: codecs that only some contracts use, which the
 * core codec (codec.ts) does not import, so that an output whose contract has no
 * such value gets no such module. Each module registers itself here when it is
 * loaded, and a generated schema.ts whose contract needs one imports it:
 *
 * - `dataSet`: ADO.NET DataSets of ASMX services (dataset.ts);
 * - `soapArray`: SOAP-encoded arrays of rpc/encoded bindings (soap-array.ts).
 *
 * A value of a kind whose module is not loaded fails with an error that names the
 * module (the generated code of a contract that needs one always imports it).
 */
import type { XmlElement } from '../xml/xml-tree.js';
import type { XmlWriter } from '../xml/xml-write.js';
import type { ComplexDesc } from './descriptors.js';

/** Writes one member of a SOAP-encoded array (the codec's element writer). */
export type SoapArrayItemWriter = (w: XmlWriter, value: unknown, path: string) => void;

/** Reads one member of a SOAP-encoded array (the codec's element reader). */
export type SoapArrayItemReader = (el: XmlElement, path: string) => unknown;

/**
 * Reads a member that may be an `href`/`ref` to a multi-ref value (SOAP 1.1 §5.4.1,
 * SOAP 1.2 Part 2 §3.1.5.1): calls `read` on the element holding the value.
 */
export type SoapReferenceFollower = (el: XmlElement, path: string, read: (target: XmlElement) => unknown) => unknown;

/** The DataSet codec (dataset.ts). */
export interface DataSetCodec {
  readonly read: (el: XmlElement, path: string) => unknown;
  readonly write: (w: XmlWriter, value: unknown, path: string) => void;
}

/** The SOAP-encoded array codec (soap-array.ts). */
export interface SoapArrayCodec {
  readonly write: (
    w: XmlWriter,
    value: unknown,
    desc: ComplexDesc,
    path: string,
    level: number,
    writeItem: SoapArrayItemWriter,
  ) => void;
  readonly read: (
    el: XmlElement,
    path: string,
    level: number,
    readItem: SoapArrayItemReader,
    follow: SoapReferenceFollower,
    isNil: (el: XmlElement) => boolean,
  ) => unknown[];
}

/** The registered optional codecs (set by their modules when loaded). */
export const codecExtensions: { dataSet: DataSetCodec | undefined; soapArray: SoapArrayCodec | undefined } = {
  dataSet: undefined,
  soapArray: undefined,
};

/**
 * The message of a need the runtime cannot meet without the optional module `module`
 * (`wire/mtom`) of feature `feature` (`mtom`), which generated code loads for a contract
 * that declares `declaredBy`.
 */
export function optionalModuleMissing(
  what: string,
  label: string,
  module: string,
  feature: string,
  declaredBy: string,
): string {
  return `${what} needs the ${label} runtime module ${module}.ts, which is not loaded: generate with \`--runtime-features ${feature}\` (config "runtimeFeatures": ["${feature}"]) and import it once (\`import './runtime/${module}.js';\`); generated code whose contract declares ${declaredBy} does`;
}

/** The message of a value whose optional codec is not loaded. */
export function extensionMissing(what: string, module: string): string {
  return `${what}: the runtime module ${module} is not loaded (import it once, e.g. \`import './runtime/${module}.js'\`; generated code whose contract has such values does)`;
}
