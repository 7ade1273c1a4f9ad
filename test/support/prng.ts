/** The runtime's seeded PRNG (mulberry32), so that random test cases are the same on every run. */
export { seededRandom as prng } from '../../src/runtime/wire/seeded-random.js';
