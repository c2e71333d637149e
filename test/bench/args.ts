/** Command line of `npm run bench`. */

export const METRIC_GROUPS = [
  'bundle',
  'first-row',
  'sign-in',
  'interactions',
  'scroll',
  'download',
  'poll',
  'find',
  'viewer',
] as const;
export type MetricGroup = (typeof METRIC_GROUPS)[number];

export const PROFILES = ['default', 'slow'] as const;
export type Profile = (typeof PROFILES)[number];

/** What each profile runs unless --only says otherwise. */
export const PROFILE_GROUPS: Record<Profile, readonly MetricGroup[]> = {
  default: ['bundle', 'first-row', 'scroll', 'download', 'poll', 'find', 'viewer'],
  slow: ['bundle', 'first-row', 'sign-in', 'interactions', 'scroll', 'find'],
};

/** Samples per figure when --runs is not given: the slow profile's figures move more. */
const DEFAULT_RUNS: Record<Profile, number> = { default: 5, slow: 9 };

export interface BenchArgs {
  profile: Profile;
  runs: number;
  /** Metric groups to run; the profile's by default. */
  only: ReadonlySet<MetricGroup>;
}

const USAGE = `Usage: npm run bench -- [--slow | --profile default|slow] [--runs N] [--quick] [--only GROUPS]
  --slow       the slow machine: CPU 4× (and 150 ms, 1.6 Mbps, cold cache for the first visit);
               runs ${PROFILE_GROUPS.slow.join(',')}
  --profile P  default (${PROFILE_GROUPS.default.join(',')}) or slow (same as --slow)
  --runs N     samples per figure (default ${DEFAULT_RUNS.default}, ${DEFAULT_RUNS.slow} with --slow); each figure is their median
  --quick      same as --runs 2, for trying changes out
  --only       comma-separated metric groups to run, from ${METRIC_GROUPS.join(',')}`;

function isGroup(value: string): value is MetricGroup {
  return (METRIC_GROUPS as readonly string[]).includes(value);
}

function isProfile(value: string): value is Profile {
  return (PROFILES as readonly string[]).includes(value);
}

export function parseArgs(argv: readonly string[]): BenchArgs {
  let runs: number | undefined;
  let profile: Profile = 'default';
  let only: Set<MetricGroup> | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const value = (): string => {
      const next = inline ?? argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return next;
    };
    if (flag === '--quick') runs = 2;
    else if (flag === '--slow') profile = 'slow';
    else if (flag === '--profile') {
      const name = value();
      if (!isProfile(name)) throw new Error(`Unknown profile ${name}\n${USAGE}`);
      profile = name;
    } else if (flag === '--runs') {
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
  return {
    profile,
    runs: runs ?? DEFAULT_RUNS[profile],
    only: only ?? new Set(PROFILE_GROUPS[profile]),
  };
}
