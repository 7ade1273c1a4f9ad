/**
 * The SOAP bindings of every operation of a corpus contract, one case each, for the
 * differential tests that run the server's plans against the codec on the corpus
 * (decode-plan.test.ts, write-plan.test.ts).
 */
import { DEFAULT_TYPE_MAPPING, serviceDescriptors } from '../../src/emit/index.js';
import type { WsdlModel } from '../../src/model/types.js';
import type { OperationDesc, ServiceDesc, SoapOperationDesc } from '../../src/runtime/wire/descriptors.js';
import type { SoapVersion } from '../../src/runtime/wire/soap-envelope.js';
import { SampleBuilder } from './sample-values.js';

/** One SOAP binding of one operation, with its service's descriptors and a sample builder over them. */
export interface SoapCase {
  readonly service: ServiceDesc;
  readonly samples: SampleBuilder;
  readonly op: OperationDesc;
  readonly kind: 'soap11' | 'soap12';
  readonly version: SoapVersion;
  readonly soap: SoapOperationDesc;
}

/** Every SOAP 1.1 and 1.2 binding of every operation of `model`'s services, in order. */
export function* soapCases(model: WsdlModel): Generator<SoapCase> {
  for (const service of serviceDescriptors(model, { types: DEFAULT_TYPE_MAPPING })) {
    const samples = new SampleBuilder(service.types);
    for (const op of service.operations) {
      for (const [kind, version] of [
        ['soap11', '1.1'],
        ['soap12', '1.2'],
      ] as const) {
        const soap = op[kind];
        if (soap) yield { service, samples, op, kind, version, soap };
      }
    }
  }
}
