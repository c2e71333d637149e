import { mulberry32 } from './prng.ts';

/** Streaming chunk size: big enough to keep per-chunk overhead negligible at ~1 GB/s. */
export const CHUNK_SIZE = 256 * 1024;
const POOL_SIZE = 1 << 20;

let pool: Uint8Array | undefined;

/**
 * One pseudo-random megabyte, built once. Generating 200 MB per download would make the double
 * the benchmark's bottleneck; streaming views of a shared pool costs nothing. The pool is one
 * chunk longer than POOL_SIZE (its head repeated) so any chunk starting inside it is contiguous.
 */
function getPool(): Uint8Array {
  if (!pool) {
    const words = new Uint32Array((POOL_SIZE + CHUNK_SIZE) / 4);
    const rng = mulberry32(0x7e57da7a);
    for (let i = 0; i < POOL_SIZE / 4; i++) words[i] = Math.floor(rng() * 4294967296);
    words.copyWithin(POOL_SIZE / 4, 0, CHUNK_SIZE / 4);
    pool = new Uint8Array(words.buffer);
  }
  return pool;
}

/** Byte i of a stream is pool[(seed + i) mod POOL_SIZE], so every slice is reproducible. */
function start(seed: number, position: number): number {
  return ((seed >>> 0) + position) % POOL_SIZE;
}

/** Shared, read-only views of at most CHUNK_SIZE bytes; never write into them. */
export function* randomChunks(seed: number, length: number): Generator<Uint8Array> {
  const bytes = getPool();
  for (let position = 0; position < length; position += CHUNK_SIZE) {
    const from = start(seed, position);
    yield bytes.subarray(from, from + Math.min(CHUNK_SIZE, length - position));
  }
}

/** A fresh copy, for content that must be built in memory (e.g. to compute a checksum). */
export function randomBytes(seed: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of randomChunks(seed, length)) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
