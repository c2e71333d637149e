// One implementation of the bundle figures, shared with the first-load budget in `npm test`.
export { measureBundle, type BundleResult } from '../budget/measure-first-load';
