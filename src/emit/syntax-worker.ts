/**
 * Worker-thread entry of the gate's parse (see syntax-check.ts): loads the
 * TypeScript compiler and answers parse requests from the main thread.
 */
import { parentPort } from 'node:worker_threads';
import { serveSyntaxChecks } from './syntax-check.js';

if (parentPort !== null) serveSyntaxChecks(parentPort);
