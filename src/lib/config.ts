import * as v from 'valibot';
import { t, type MessageId } from '../i18n/translate';
import { normaliseServiceUrl } from './service-address';

/**
 * An address the sign-in form takes (service-address.ts). Text that is not a whole URL passes:
 * the form asks for a full address when it is used.
 */
function isServiceAddress(text: string): boolean {
  return !URL.canParse(text.trim()) || normaliseServiceUrl(text) !== null;
}

/**
 * A timer's setting: browsers keep a timer's delay in 32 bits, and a longer one fires at once
 * (a poll every 2^31 ms asked the service in a tight loop).
 */
const timerMs = (min: number, fallback: number) =>
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(2 ** 31 - 1)), fallback);

/** No dot segments (`..`, `%2e%2e`, `\`), query or fragment: the path stays under the service's. */
const staysUnderService = (path: string) => !/(^|[/\\])(\.|%2e){1,2}([/\\]|$)|[?#\\]/i.test(path);

/**
 * Runtime configuration, read from `config.json` beside index.html at start-up
 * so one build serves many deployments.
 */
const configSchema = v.object({
  serviceUrl: v.optional(
    v.pipe(v.string(), v.check(isServiceAddress, 'app.configMustBeServiceAddress')),
    '',
  ),
  messagesPath: v.optional(
    v.pipe(
      v.string(),
      v.startsWith('/'),
      v.includes('{id}'),
      v.check(staysUnderService, 'app.configMustStayUnderService'),
    ),
    '/conversations/{id}/messages',
  ),
  /** Only the built-in demo sets this, to prefill the sign-in form. */
  demoToken: v.optional(v.string()),
  listTimeoutMs: timerMs(1000, 30_000),
  pollIntervalMs: timerMs(5000, 30_000),
  hiddenPollIntervalMs: timerMs(5000, 120_000),
});

export type AppConfig = v.InferOutput<typeof configSchema>;

export const DEFAULT_CONFIG: AppConfig = v.parse(configSchema, {});

/**
 * Why config.json stops the app. Written when shown, not when thrown: config.json can fail before
 * the language's catalog has arrived.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';

  constructor(private readonly describe: () => string) {
    super(describe());
  }

  /** The message in the language in use. */
  get text(): string {
    return this.describe();
  }
}

type ConfigIssue = v.InferIssue<typeof configSchema>;

/**
 * What is wrong with a setting, in the agent's language: the schema library's own messages are
 * English only, so each kind of check the schema above makes has its message in the catalogs.
 */
function describeIssue(issue: ConfigIssue | undefined): string {
  switch (issue?.type) {
    case 'string':
      return t('app.configMustBeText');
    case 'number':
      return t('app.configMustBeNumber');
    case 'object':
      return t('app.configMustBeObject');
    case 'integer':
      return t('app.configMustBeWhole');
    case 'min_value':
      return t('app.configMustBeAtLeast', { min: issue.requirement });
    case 'max_value':
      return t('app.configMustBeAtMost', { max: issue.requirement });
    case 'starts_with':
      return t('app.configMustStartWith', { prefix: issue.requirement });
    case 'includes':
      return t('app.configMustInclude', { part: issue.requirement });
    case 'check':
      return t(issue.message as MessageId);
    default:
      return t('app.configUnknownProblem');
  }
}

export function parseConfig(raw: unknown): AppConfig {
  // An array is an object to the schema, not one of settings.
  const result = v.safeParse(configSchema, Array.isArray(raw) ? null : raw);
  if (!result.success) {
    const issue = result.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    const problem = () => describeIssue(issue);
    throw new ConfigError(() =>
      where
        ? t('app.configInvalidAt', { where, problem: problem() })
        : t('app.configInvalid', { problem: problem() }),
    );
  }
  return result.output;
}

export async function loadConfig(url = '/config.json'): Promise<AppConfig> {
  let response: Response;
  try {
    // The browser's cache rules apply (the deployment serves config.json with no-cache): that
    // way this request takes the copy index.html preloads.
    response = await fetch(url);
  } catch {
    throw new ConfigError(() => t('app.configUnreachable'));
  }
  if (response.status === 404) return DEFAULT_CONFIG;
  if (!response.ok)
    throw new ConfigError(() => t('app.configHttp', { status: String(response.status) }));
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new ConfigError(() => t('app.configNotJson'));
  }
  return parseConfig(raw);
}
