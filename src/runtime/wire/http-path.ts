/**
 * The client's templated HTTP locations (`http:urlReplacement`, WSDL 1.1 §4.7; WSDL 2.0
 * Part 2 §6.8.1.1), an optional module: loading it registers the writer the client uses
 * for a location that takes values from the input (http-encoding.ts `templatedPaths`),
 * with the check that the server would run the same operation on the path written
 * (http-route-check.ts). Most contracts have no such location, so the client core does
 * not import the route tables; a generated schema.ts whose contract has one imports this
 * module's mark.
 *
 * Ships with generated code: imports only sibling runtime files.
 */
import type { OptionalModule } from './descriptor-data.js';
import { replaceHttpPath, templatedPaths } from './http-encoding.js';
import { clientRoutes } from './http-route-check.js';
import { joinedLocationPath } from './path-template-match.js';

templatedPaths.write = (service, port, op, http, input) =>
  joinedLocationPath(
    http.path,
    replaceHttpPath(http, input, op.name, { routes: clientRoutes(service, port), operation: op }),
  );

/** This module's mark, which a generated schema.ts hands to `SchemaData` (see `OptionalModule`). */
export const httpPathModule: OptionalModule = { module: 'wire/http-path' };
