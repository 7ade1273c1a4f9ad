/**
 * Text of a new scaffold file and of the stub methods added to an existing one.
 * Each stub throws a SoapFault with code `Server` (SOAP 1.1 §4.4.1 `Server`,
 * mapped to SOAP 1.2 `env:Receiver` by the runtime) until the user implements it.
 */
import type { ServiceInterface, ServiceMethod } from './service-interfaces.js';

/** Where the scaffold imports from, relative to the scaffold file (POSIX, starting with `.`). */
export interface ScaffoldImports {
  /** Module exporting the service interfaces, e.g. `../generated/auth/index.js`. */
  readonly types: string;
  /** Module exporting `SoapFault` (the same module when the index re-exports it). */
  readonly soapFault: string;
}

/** The variable name of a service's implementation object: `AuthService` -> `authService`. */
export function implName(interfaceName: string): string {
  return interfaceName.charAt(0).toLowerCase() + interfaceName.slice(1);
}

/**
 * One stub method as it appears inside an object literal (no trailing comma).
 * @param indent the indentation of the method's first line
 */
export function renderStubMethod(method: ServiceMethod, indent: string, eol: string): string {
  const reason = JSON.stringify(`${method.operation} is not implemented`).slice(1, -1).replace(/'/g, "\\'");
  return [
    `async ${method.name}(input, ctx) {`,
    `${indent}  throw new SoapFault({ code: 'Server', reason: '${reason}' });`,
    `${indent}}`,
  ].join(eol);
}

/**
 * A whole new scaffold file implementing every service interface.
 * @param sourceLabel the contract, as named in the header comment
 */
export function renderScaffold(
  services: readonly ServiceInterface[],
  imports: ScaffoldImports,
  sourceLabel: string,
): string {
  const names = services.map((s) => `type ${s.name}`);
  const lines: string[] = [
    '/**',
    ` * Starter implementation generated once by wsdlc from ${sourceLabel}.`,
    ' * This file is yours to edit: wsdlc never changes your code. When the contract',
    ' * gains operations, `wsdlc generate --scaffold` adds their methods here.',
    ' */',
  ];
  if (imports.soapFault === imports.types) {
    lines.push(`import { SoapFault, ${names.join(', ')} } from '${imports.types}';`);
  } else {
    lines.push(`import { SoapFault } from '${imports.soapFault}';`);
    lines.push(`import { ${names.join(', ')} } from '${imports.types}';`);
  }
  for (const s of services) {
    lines.push('');
    lines.push(`export const ${implName(s.name)}: ${s.name} = {`);
    for (const m of s.methods) lines.push(`  ${renderStubMethod(m, '  ', '\n')},`);
    lines.push('};');
  }
  return `${lines.join('\n')}\n`;
}
