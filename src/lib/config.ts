import * as v from 'valibot';
import { t } from '../i18n/translate';

/**
 * Runtime configuration, read from `config.json` beside index.html at start-up
 * so one build serves many deployments.
 */
const configSchema = v.object({
  serviceUrl: v.optional(v.string(), ''),
  messagesPath: v.optional(
    v.pipe(v.string(), v.startsWith('/'), v.includes('{id}')),
    '/conversations/{id}/messages',
  ),
  /** Only the built-in demo sets this, to prefill the sign-in form. */
  demoToken: v.optional(v.string()),
  listTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000)), 30_000),
  pollIntervalMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(5000)), 30_000),
  hiddenPollIntervalMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(5000)), 120_000),
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

export function parseConfig(raw: unknown): AppConfig {
  const result = v.safeParse(configSchema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    // The schema library's own words name the problem (they are English only).
    const problem = () => issue?.message ?? t('app.configUnknownProblem');
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
