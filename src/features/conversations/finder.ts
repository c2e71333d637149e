/*
 * The finder's code: everything a typed query needs (the parser, the narrowing, the match count and
 * Keep looking). Not in the first load: app/ ships it in the pane's lazy chunk and hands the list a
 * loader for it (finder-code.ts).
 */
/** @public read through `typeof import`, which knip cannot follow */
export { createRowNarrower, parseFindQuery } from './find-query';
/** @public */
export { FindStatus } from './find-status';
