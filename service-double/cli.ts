import { parseArgs } from 'node:util';
import type { FailureKind } from './faults.ts';
import { FAILURE_KINDS, isFailureKind } from './faults.ts';
import { startServiceDouble } from './server.ts';
import type { StartOptions } from './server.ts';
import { DEMO_TOKEN } from './state.ts';

const USAGE = `Usage: npm run service -- [options]
  --port N                 port to listen on (default 4010; 0 = any free port)
  --host H                 address to bind (default 127.0.0.1)
  --base-path P            serve under a mount path, e.g. /demo-service
  --token T                bearer token to require (default ${DEMO_TOKEN})
  --conversations N        dataset size (default 5000)
  --seed N                 dataset and fault seed (default 1)
  --latency MS             delay added to every response
  --failure-rate R         probability 0..1 that a request fails
  --failure-kinds K,K      drawn from ${FAILURE_KINDS.join(', ')}
  --retry-after S          Retry-After seconds for 429/503 (default 1)
  --empty-pages R          probability 0..1 of an empty list page that still has a cursor
  --repeat-cursor N        list page N (>= 2) returns the cursor it was requested with
  --token-expires-after N  the token stops working after N authorised requests
  --touch-every N          every N list requests, move a deep conversation to the top
  --benchmark              also serve /bench/attachments/{DOC_ID}/data without a token
  -h, --help               show this help`;

class UsageError extends Error {}

function integer(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min)
    throw new UsageError(`--${name} must be an integer >= ${min}`);
  return value;
}

function rate(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !(value >= 0 && value <= 1))
    throw new UsageError(`--${name} must be a number from 0 to 1`);
  return value;
}

function kinds(text: string | undefined): FailureKind[] | undefined {
  if (text === undefined) return undefined;
  return text.split(',').map((kind) => {
    const trimmed = kind.trim();
    if (!isFailureKind(trimmed)) throw new UsageError(`unknown failure kind: ${trimmed}`);
    return trimmed;
  });
}

function parseCli(argv: string[]): StartOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'base-path': { type: 'string' },
      token: { type: 'string' },
      conversations: { type: 'string' },
      seed: { type: 'string' },
      latency: { type: 'string' },
      'failure-rate': { type: 'string' },
      'failure-kinds': { type: 'string' },
      'retry-after': { type: 'string' },
      'empty-pages': { type: 'string' },
      'repeat-cursor': { type: 'string' },
      'token-expires-after': { type: 'string' },
      'touch-every': { type: 'string' },
      benchmark: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (values.token === '') throw new UsageError('--token must not be empty');
  const options: StartOptions = {
    port: integer('port', values.port, 0) ?? 4010,
    host: values.host ?? '127.0.0.1',
    basePath: values['base-path'],
    token: values.token,
    conversations: integer('conversations', values.conversations, 0),
    seed: integer('seed', values.seed, 0),
    latencyMs: integer('latency', values.latency, 0),
    failureRate: rate('failure-rate', values['failure-rate']),
    failureKinds: kinds(values['failure-kinds']),
    retryAfterSeconds: integer('retry-after', values['retry-after'], 0),
    emptyPagesWithCursor: rate('empty-pages', values['empty-pages']),
    repeatCursor: integer('repeat-cursor', values['repeat-cursor'], 2),
    tokenExpiresAfter: integer('token-expires-after', values['token-expires-after'], 0),
    touchEveryListRequests: integer('touch-every', values['touch-every'], 1),
    benchmark: values.benchmark ?? false,
  };
  if (options.port !== undefined && options.port > 65535) {
    throw new UsageError('--port must be at most 65535');
  }
  return options;
}

async function main(): Promise<void> {
  let options: StartOptions | 'help';
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const running = await startServiceDouble(options);
  const { state } = running;
  process.stdout.write(
    `Service double listening on ${running.url} (token: ${state.token}, ${state.dataset.size} conversations)\n`,
  );
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
