import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../migrate.ts';
import { startTestStack } from './helpers.ts';

/**
 * docs/local-stack.md's 501 list is a table of requests; each is sent as written and must answer
 * 501 in the stand-in's documented shape, so the list cannot promise a 501 the routing does not
 * give. Listed in docs/local-stack.md ("Conformance").
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.cleanup();
});

function listedRequests(): { method: string; path: string; header: string }[] {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'local-stack.md'), 'utf8');
  const start = doc.indexOf('### The 501 list');
  expect(start).toBeGreaterThan(-1);
  const lines = doc.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('| Request'));
  const rows = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    const [request = '', header = ''] = line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim().replace(/^`|`$/g, ''));
    const [method = '', path = ''] = request.split(' ');
    rows.push({ method, path, header });
  }
  return rows;
}

describe('the 501 list', () => {
  it("answers 501 to every request of the docs' 501 list", async () => {
    const rows = listedRequests();
    expect(rows.length).toBeGreaterThan(20);
    for (const { method, path, header } of rows) {
      const headers = new Headers({
        apikey: stack.serviceRoleKey,
        Authorization: `Bearer ${stack.serviceRoleKey}`,
        'Content-Type': 'application/json',
      });
      if (header) {
        const colon = header.indexOf(':');
        headers.set(header.slice(0, colon), header.slice(colon + 1).trim());
      }
      const response = await fetch(`${stack.url}${path}`, {
        method,
        headers,
        body: method === 'GET' ? null : '{}',
      });
      const body = (await response.json()) as Record<string, unknown>;
      expect(response.status, `${method} ${path} ${header}`).toBe(501);
      if (path.startsWith('/auth/v1'))
        expect(body).toMatchObject({ error_code: 'not_implemented' });
      else expect(body, `${method} ${path}`).toMatchObject({ code: 'LOCAL501' });
    }
  });
});
