/**
 * The database trigger and the browser's table (src/lib/services.ts) map form services to inbox
 * services the same way, for every value the forms offer, and for leads without a service (offer-page
 * leads are hair transplant, others "other").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../local/index.ts';
import { formServices, requestServiceFor } from '../../src/lib/services.ts';

let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({ inMemory: true, port: 0, log: false });
});

afterAll(async () => {
  await stack?.close();
});

describe('service mapping', () => {
  it('agrees between the trigger and src/lib/services.ts for every form value', async () => {
    const values = [...formServices, null];
    for (const [index, service] of values.entries()) {
      await stack.sql(
        `insert into public.offer_leads (name, phone, service, source) values ($1, $2, $3, $4)`,
        [
          `mapping ${index}`,
          `9665000000${String(index).padStart(2, '0')}`,
          service,
          'mapping-test',
        ],
      );
    }
    const { rows } = await stack.sql<{ name: string; service: string }>(
      `select r.name, r.service::text from public.contact_requests r where r.source = 'mapping-test'`,
    );
    const byName = new Map(rows.map((row) => [row.name, row.service]));
    for (const [index, service] of values.entries()) {
      expect(byName.get(`mapping ${index}`), String(service)).toBe(requestServiceFor(service));
    }
  });
});
