import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import { countPerson, erasePerson, exportPerson } from '../../local/person-data.ts';
import {
  anon,
  as,
  createLiveAdmin,
  insertLead,
  leadRow,
  resetData,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * Erasure and export find everything about a person (local/person-data.ts, issue 26): one person
 * in every spelling of +966 54 502 4476, a request staff entered, a request merged into the person
 * under another number, their timeline, mail outbox, consent records and the Realtime copies of
 * their broadcasts; and a national-only 0545024476, which is only a possible match until the
 * operator confirms it. Afterwards no row anywhere names the person.
 */

const backends = await sqlBackends();

describe.each(backends)('erasing one person on $name', (backend) => {
  let db: Database;
  let sara: Actor & { role: 'authenticated' };

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  const spellings: [string, string | null][] = [
    ['0545024476', '+966'],
    ['00966545024476', null],
    ['966545024476', '+966'],
    ['545024476', '+966'],
  ];

  async function requestId(name: string): Promise<{ id: string; version: number }> {
    const { rows } = await db.query<{ id: string; version: number }>(
      `select id::text, version from public.contact_requests where name = $1`,
      [name],
    );
    return rows[0]!;
  }

  beforeEach(async () => {
    await resetData(db);
    await db.exec(`delete from realtime.messages`);
    sara = await createLiveAdmin(db, 'sara', 'sara long password');
    for (const [index, [phone, countryCode]] of spellings.entries()) {
      await as(db, anon, (tx) =>
        insertLead(
          tx,
          leadRow({ name: `Noura Spelling ${index}`, phone, country_code: countryCode }),
        ),
      );
    }
    await as(db, anon, (tx) =>
      insertLead(tx, leadRow({ name: 'Noura National', phone: '0545024476', country_code: null })),
    );
    await as(db, anon, (tx) =>
      insertLead(
        tx,
        leadRow({ name: 'Noura Other Number', phone: '971501112233', country_code: '+971' }),
      ),
    );
    await as(db, anon, (tx) =>
      insertLead(
        tx,
        leadRow({ name: 'Someone Else', phone: '963944123456', country_code: '+963' }),
      ),
    );
    await as(db, sara, async (tx) => {
      await tx.query(`select public.enter_request($1::jsonb)`, [
        JSON.stringify({
          name: 'Noura Entered',
          phone: '966545024476',
          country_code: '+966',
          service: 'dental-implants',
          channel: 'whatsapp',
          consent_how: 'Agreed in the WhatsApp chat',
          consent_given_at: new Date().toISOString(),
          consent_given_by: 'Noura herself',
        }),
      ]);
    });
    const first = await requestId('Noura Spelling 0');
    const other = await requestId('Noura Other Number');
    await as(db, sara, async (tx) => {
      await tx.query(`select public.update_request($1, $2, '{"notes": "Noura called back"}')`, [
        first.id,
        first.version,
      ]);
      await tx.query(`select public.merge_requests($1, $2, gen_random_uuid()::text)`, [
        first.id,
        other.id,
      ]);
      // Issue 31: a quote sent to her and chosen by her; the clinic is the agency's, not hers.
      const { rows: clinic } = await tx.query<{ id: string }>(
        `insert into public.clinics (slug, name_ar, name_en, city_ar, city_en, country)
         values ('erasure-clinic', 'عيادة المحو', 'Erasure Clinic', 'إسطنبول', 'Istanbul', 'turkey')
         returning id::text`,
      );
      await tx.query(
        `insert into public.clinic_accreditations (clinic_id, body, certificate_number, valid_until)
         values ($1, 'JCI', 'JCI-1', '2099-01-01')`,
        [clinic[0]!.id],
      );
      const { rows: quote } = await tx.query<{ r: { quote_id: string } }>(
        `select public.save_quote_draft($1, $2, null, null, '{"price": 2100, "valid_until": "2099-01-01",
           "note": "Noura, this is your quote"}') as r`,
        [first.id, clinic[0]!.id],
      );
      await tx.query(`select public.send_quote($1, 1, 1, 'erasure-test-send-key')`, [
        quote[0]!.r.quote_id,
      ]);
      await tx.query(`select public.set_quote_status($1, 'chosen', 'sent', 1)`, [
        quote[0]!.r.quote_id,
      ]);
    });
  });

  /** Rows anywhere that still name or reach Noura (her name, her digits, her request ids). */
  async function leftAboutNoura(): Promise<Record<string, number>> {
    const count = async (sql: string) =>
      (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`)).rows[0]!.n;
    return {
      leads: await count(`public.offer_leads where name like 'Noura%'`),
      requests: await count(`public.contact_requests where name like 'Noura%'`),
      events: await count(
        `public.request_events e where not exists (select 1 from public.contact_requests r
           where r.id = e.request_id and r.name not like 'Noura%')`,
      ),
      outbox: await count(
        `private.lead_notifications n where not exists (select 1 from public.offer_leads l
           where l.id = n.lead_id and l.name not like 'Noura%')`,
      ),
      realtime: await count(
        `realtime.messages where payload::text like '%Noura%' or payload::text like '%45024476%'`,
      ),
      submissions: await count(`private.lead_submissions where phone_key like '%545024476'`),
      quotes: await count(`public.quote_versions where note like 'Noura%'`),
      quoteBroadcasts: await count(`realtime.messages where topic = 'staff:quotes'`),
    };
  }

  const nothing = {
    leads: 0,
    requests: 0,
    events: 0,
    outbox: 0,
    realtime: 0,
    submissions: 0,
    quotes: 0,
    quoteBroadcasts: 0,
  };

  it('exports and counts the person in every table, listing the national-only number apart', async () => {
    const data = await exportPerson(db, '+966 54 502 4476');
    const names = data.tables['public.contact_requests']!.map((row) => row['name']).sort();
    expect(names).toEqual([
      'Noura Entered',
      'Noura Other Number',
      'Noura Spelling 0',
      'Noura Spelling 1',
      'Noura Spelling 2',
      'Noura Spelling 3',
    ]);
    expect(data.possibleMatches.map((match) => match.name)).toEqual(['Noura National']);
    const { counts } = await countPerson(db, '0096654 502 4476');
    expect(counts['public.offer_leads']).toBe(6);
    expect(counts['public.request_events']).toBeGreaterThanOrEqual(4);
    expect(counts['private.lead_notifications']).toBe(5);
    expect(counts['realtime.messages']).toBeGreaterThanOrEqual(12);
    // The lead limits remember the visitors' submissions by number for an hour (4 + the merged one).
    expect(counts['private.lead_submissions']).toBe(5);
    expect(JSON.stringify(data)).not.toContain('Someone Else');
    // Her quote, its version and the broadcasts about it (issue 31).
    expect(counts['public.quotes']).toBe(1);
    expect(counts['public.quote_versions']).toBe(1);
    expect(data.tables['public.quote_versions']![0]).toMatchObject({
      note: 'Noura, this is your quote',
    });
    expect(
      data.tables['realtime.messages']!.filter((row) => row['topic'] === 'staff:quotes').length,
    ).toBeGreaterThanOrEqual(3);
    // The consent record travels with the lead and the request.
    expect(data.tables['public.offer_leads']![0]).toMatchObject({
      policy_version: expect.stringMatching(/^\d+(\.\d+)*$/),
      consented_at: expect.any(String),
    });
  });

  it('erases all of it, the possible match only once confirmed, and tells the screens', async () => {
    const erased = await erasePerson(db, '+966 54 502 4476');
    expect(erased.counts['public.contact_requests']).toBe(6);
    expect(erased.possible.map((match) => match.name)).toEqual(['Noura National']);
    // Only the unconfirmed national-only number is left.
    expect(await leftAboutNoura()).toMatchObject({ leads: 1, requests: 1 });

    const confirmed = await erasePerson(db, '+966 54 502 4476', { includePossible: true });
    expect(confirmed.counts['public.offer_leads']).toBe(1);
    expect(await leftAboutNoura()).toEqual(nothing);
    const { rows } = await db.query<{ name: string }>(`select name from public.contact_requests`);
    expect(rows).toEqual([{ name: 'Someone Else' }]);

    // Each erased request's delete still reaches the staff topic, without the person in it.
    const { rows: deletes } = await db.query<{ old: Record<string, unknown> }>(
      `select payload -> 'old_record' as old from realtime.messages
       where topic = 'staff:contact_requests' and payload ->> 'operation' = 'DELETE'`,
    );
    expect(deletes).toHaveLength(7);
    expect(Object.keys(deletes[0]!.old).sort()).toEqual([
      'assigned_to',
      'created_at',
      'follow_up_at',
      'id',
      'lead_id',
      'service',
      'source',
      'status',
      'version',
    ]);
  });

  it('finds the same person from the national-only side, with its full numbers as possible', async () => {
    const { counts, possible } = await countPerson(db, '0545024476');
    expect(counts['public.contact_requests']).toBe(1);
    expect(possible.map((match) => match.name).sort()).toEqual([
      'Noura Entered',
      'Noura Spelling 0',
      'Noura Spelling 1',
      'Noura Spelling 2',
      'Noura Spelling 3',
    ]);
  });
});
