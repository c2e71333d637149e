// @vitest-environment node
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';

const TSX = 'node_modules/.bin/tsx';
const CLI = 'service-double/cli.ts';

describe('npm run service', () => {
  it('prints its URL once listening and stops on SIGTERM', async () => {
    const child = spawn(
      TSX,
      [CLI, '--port', '0', '--conversations', '40', '--token', 'cli-token'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
      const line = chunk.toString();
      const match =
        /^Service double listening on (http:\/\/127\.0\.0\.1:\d+) \(token: cli-token, 40 conversations\)\n$/.exec(
          line,
        );
      expect(match).not.toBeNull();
      const response = await fetch(`${match![1]}/conversations/list`, {
        headers: { Authorization: 'Bearer cli-token' },
      });
      expect(response.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('exits with code 2 and a usage message on bad arguments', async () => {
    const child = spawn(TSX, [CLI, '--failure-rate', '2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr).toContain('--failure-rate');
    expect(stderr).toContain('Usage:');
  });
});
