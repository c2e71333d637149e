/*
 * The finder's chunk (loaded by finder-code.ts): everything a typed query needs. Read through
 * `typeof import(...)`, which knip cannot follow, hence @public.
 */
/** @public */
export { ACCEPTED_WORDS, narrowRows, parseFindQuery } from './find-query';
/** @public */
export { FindStatus } from './find-status';
