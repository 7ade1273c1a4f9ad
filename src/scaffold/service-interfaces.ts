/**
 * Finding the service implementation interfaces in generated code: the exported
 * `interface XService { method(input, ctx): ... }` declarations of the generated
 * `server.ts`. Reading them from the emitter's output (instead of re-deriving
 * names) keeps the scaffold in step with whatever names the emitter chose.
 */
import { Node, Project, type SourceFile } from 'ts-morph';
import type { GeneratedFile } from '../emit/types.js';
import type { LogicalOperation } from '../model/types.js';

/** One method of a service interface, with the WSDL operation it implements. */
export interface ServiceMethod {
  /** The method name, e.g. `login`. */
  readonly name: string;
  /** The WSDL operation name, e.g. `Login` (the method name when no operation matches). */
  readonly operation: string;
}

/** A service implementation interface of the generated code. */
export interface ServiceInterface {
  /** The interface name, e.g. `AuthService`. */
  readonly name: string;
  readonly methods: readonly ServiceMethod[];
}

/** The generated file that declares the service interfaces. */
export const SERVER_FILE = 'server.ts';

/**
 * Lists the service interfaces declared in the generated `server.ts`: exported
 * interfaces whose name ends in `Service` and whose members are all methods.
 * @param operations the model's operations, to name each method's WSDL operation
 */
export function findServiceInterfaces(
  files: readonly GeneratedFile[],
  operations: readonly LogicalOperation[],
): ServiceInterface[] {
  const server = files.find((f) => f.path === SERVER_FILE);
  if (!server) return [];
  const source = parseTs(server.content, SERVER_FILE);
  const result: ServiceInterface[] = [];
  for (const decl of source.getInterfaces()) {
    const name = decl.getName();
    if (!decl.isExported() || !name.endsWith('Service')) continue;
    const members = decl.getMembers();
    const methods: ServiceMethod[] = [];
    let allMethods = members.length > 0;
    for (const m of members) {
      if (Node.isMethodSignature(m))
        methods.push({ name: m.getName(), operation: operationFor(m.getName(), operations) });
      else if (Node.isPropertySignature(m) && Node.isFunctionTypeNode(m.getTypeNode())) {
        methods.push({ name: m.getName(), operation: operationFor(m.getName(), operations) });
      } else allMethods = false;
    }
    if (allMethods) result.push({ name, methods });
  }
  return result;
}

/** Parses TypeScript text into a ts-morph source file held in memory. */
export function parseTs(text: string, fileName: string): SourceFile {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: false } });
  return project.createSourceFile(fileName, text, { overwrite: true });
}

function operationFor(method: string, operations: readonly LogicalOperation[]): string {
  const key = (s: string): string => s.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  return operations.find((op) => key(op.name) === key(method))?.name ?? method;
}
