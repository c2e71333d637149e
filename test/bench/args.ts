/** Command line of `npm run bench`. */

export const METRIC_GROUPS = ['bundle', 'first-row', 'scroll', 'download', 'poll'] as const;
export type MetricGroup = (typeof METRIC_GROUPS)[number];

export interface BenchArgs {
  runs: number;
  /** Metric groups to run; all by default. */
  only: ReadonlySet<MetricGroup>;
}

const USAGE = `Usage: npm run bench -- [--runs N] [--quick] [--only ${METRIC_GROUPS.join(',')}]
  --runs N   samples per figure (default 5); each figure is their median
  --quick    same as --runs 2, for trying changes out
  --only     comma-separated metric groups to run (default: all)`;

function isGroup(value: string): value is MetricGroup {
  return (METRIC_GROUPS as readonly string[]).includes(value);
}

export function parseArgs(argv: readonly string[]): BenchArgs {
  let runs = 5;
  let only: Set<MetricGroup> = new Set(METRIC_GROUPS);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const value = (): string => {
      const next = inline ?? argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return next;
    };
    if (flag === '--quick') runs = 2;
    else if (flag === '--runs') {
      runs = Number(value());
      if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer`);
    } else if (flag === '--only') {
      const names = value()
        .split(',')
        .map((name) => name.trim());
      const unknown = names.filter((name) => !isGroup(name));
      if (unknown.length > 0)
        throw new Error(`Unknown metric group(s): ${unknown.join(', ')}\n${USAGE}`);
      only = new Set(names.filter(isGroup));
    } else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      throw new Error(`Unknown argument ${arg}\n${USAGE}`);
    }
  }
  return { runs, only };
}
