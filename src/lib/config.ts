import * as v from 'valibot';

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

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(raw: unknown): AppConfig {
  const result = v.safeParse(configSchema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    throw new ConfigError(
      `config.json is invalid${where ? ` at "${where}"` : ''}: ${issue?.message ?? 'unknown problem'}`,
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
    throw new ConfigError('config.json could not be loaded: the network request failed.');
  }
  if (response.status === 404) return DEFAULT_CONFIG;
  if (!response.ok)
    throw new ConfigError(`config.json could not be loaded (HTTP ${response.status}).`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new ConfigError('config.json is not valid JSON.');
  }
  return parseConfig(raw);
}
