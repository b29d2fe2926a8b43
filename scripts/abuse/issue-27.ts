/**
 * The attacks of issue 27 for scripts/abuse-figures.ts, each with a patient's lead insert timed
 * while it runs (p50/p95 from fresh loopback addresses): the distributed ceiling attack, the
 * number-blocking attack, 1 MB search bodies, and a distributed password guesser against the real
 * admin's sign-in. Traffic goes to the local stack on 127.0.0.0/8 only.
 */

export type Call = (
  address: string,
  method: string,
  path: string,
  body: unknown,
  token?: string,
) => Promise<{ status: number; body: string }>;

export interface AttackContext {
  call: Call;
  sql: <T>(text: string) => Promise<{ rows: T[] }>;
  leadBody: (name?: string, phone?: string) => Record<string, unknown>;
  signIn: (address: string) => Promise<string>;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  0;

/** p50/p95/max of `values` in whole milliseconds, and how many. */
export function spread(values: number[]) {
  return {
    n: values.length,
    p50: Math.round(percentile(values, 0.5)),
    p95: Math.round(percentile(values, 0.95)),
    max: Math.round(Math.max(0, ...values)),
  };
}

/** Times patients' lead inserts, one after another from fresh addresses, until `stop()` is true. */
async function timeLeads(ctx: AttackContext, subnet: string, stop: () => boolean) {
  const latencies: number[] = [];
  for (let i = 0; !stop() || latencies.length < 5; i++) {
    const started = performance.now();
    await ctx.call(
      `${subnet}.${(i % 250) + 1}`,
      'POST',
      '/rest/v1/offer_leads',
      ctx.leadBody('Timed Patient'),
    );
    latencies.push(performance.now() - started);
  }
  return spread(latencies);
}

/** Runs `attack` while timing lead inserts; returns the attack's result and the insert spread. */
async function during<T>(ctx: AttackContext, subnet: string, attack: () => Promise<T>) {
  let done = false;
  const timing = timeLeads(ctx, subnet, () => done);
  const result = await attack().finally(() => {
    done = true;
  });
  return { ...result, leadInsertMs: await timing };
}

const heldBy = async (ctx: AttackContext, name: string) =>
  (
    await ctx.sql<{ held: string | null; n: number }>(
      `select held_reason as held, count(*)::int as n from public.contact_requests
       where name = '${name}' group by 1 order by 1`,
    )
  ).rows;

export async function issue27Attacks(ctx: AttackContext) {
  // Production limits, a fresh 10-minute window.
  await ctx.sql(`update private.lead_limit_settings set global_per_10_minutes = 30,
    per_address_per_10_minutes = 5, per_address_flood_per_10_minutes = 200`);
  await ctx.sql(`truncate private.lead_submissions`);

  const ceiling = await during(ctx, '127.0.3', async () => {
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, a) => {
        const sent: number[] = [];
        for (let i = 0; i < 5; i++) {
          sent.push(
            (
              await ctx.call(
                `127.0.2.${a + 1}`,
                'POST',
                '/rest/v1/offer_leads',
                ctx.leadBody('Ceiling Bot'),
              )
            ).status,
          );
        }
        return sent;
      }),
    );
    const floodMs = Math.round(performance.now() - started);
    const patients = [];
    for (let i = 0; i < 5; i++) {
      patients.push(
        (
          await ctx.call(
            `127.0.4.${i + 1}`,
            'POST',
            '/rest/v1/offer_leads',
            ctx.leadBody('Fresh Patient'),
          )
        ).status,
      );
    }
    return {
      botStatuses: statuses
        .flat()
        .reduce<Record<number, number>>((tally, s) => ({ ...tally, [s]: (tally[s] ?? 0) + 1 }), {}),
      floodMs,
      bots: await heldBy(ctx, 'Ceiling Bot'),
      patientStatuses: patients,
      patients: await heldBy(ctx, 'Fresh Patient'),
    };
  });

  await ctx.sql(`truncate private.lead_submissions`);
  const victim = '966598765432';
  const numberBlocking = await during(ctx, '127.0.5', async () => {
    const spellings = ['0598765432', '00966598765432', '598765432', '966598765432', '0598765432'];
    const strangers = [];
    for (const [i, phone] of spellings.entries()) {
      strangers.push(
        (
          await ctx.call(
            `127.0.6.${i + 1}`,
            'POST',
            '/rest/v1/offer_leads',
            ctx.leadBody('Number Blocker', phone),
          )
        ).status,
      );
    }
    const patient = await ctx.call(
      '127.0.6.50',
      'POST',
      '/rest/v1/offer_leads',
      ctx.leadBody('Blocked Patient', victim),
    );
    return {
      strangerStatuses: strangers,
      patientStatus: patient.status,
      patient: await heldBy(ctx, 'Blocked Patient'),
    };
  });

  const megabyte = 'x'.repeat(1024 * 1024);
  const searchBodies = await during(ctx, '127.0.7', async () => {
    const statuses: Record<string, number> = {};
    const end = performance.now() + 10_000;
    await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        while (performance.now() < end) {
          for (const [path, body] of [
            ['/rest/v1/rpc/fold_search_text', { _text: megabyte }],
            ['/rest/v1/rpc/request_page', { _query: megabyte }],
          ] as const) {
            const { status } = await ctx.call(`127.0.8.${i + 1}`, 'POST', path, body);
            statuses[`${path.slice(13)} ${status}`] =
              (statuses[`${path.slice(13)} ${status}`] ?? 0) + 1;
          }
        }
      }),
    );
    return { seconds: 10, loops: 3, statuses };
  });

  const guesserTokens = await Promise.all(
    Array.from({ length: 30 }, (_, i) => ctx.signIn(`127.0.9.${i + 1}`)),
  );
  const adminToken = await ctx.signIn('127.0.10.1');
  const guesser = await during(ctx, '127.0.11', async () => {
    let looping = true;
    let guesses = 0;
    const loops = guesserTokens.map(async (token, i) => {
      while (looping) {
        await ctx.call(
          `127.0.9.${i + 1}`,
          'POST',
          '/rest/v1/rpc/admin_login',
          { _username: 'staff', _password: `guess ${guesses}` },
          token,
        );
        guesses++;
      }
    });
    await new Promise((resolveLater) => setTimeout(resolveLater, 2_000));
    const signIns: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await ctx.call(
        '127.0.10.1',
        'POST',
        '/rest/v1/rpc/admin_login',
        { _username: 'staff', _password: 'correct horse battery' },
        adminToken,
      );
      signIns.push(performance.now() - started);
    }
    looping = false;
    await Promise.all(loops);
    return { addresses: 30, guesses, adminSignInMs: spread(signIns) };
  });

  return { ceiling, numberBlocking, searchBodies, guesser };
}
