import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../local/db.ts';
import {
  anon,
  as,
  countRows,
  createLiveAdmin,
  createUser,
  expectSqlError,
  insertLead,
  leadRow,
  resetData,
  serviceRole,
  sqlBackends,
  type Actor,
} from './helpers/harness.ts';

/**
 * Lead capture: the fan-out into the inbox, idempotent retries, one erasure for both tables, the
 * validation constraints and the rate limits, with the codes the browser receives.
 */

const serviceMapping: [string | null, string | null, string][] = [
  ['hair-transplant', '/', 'hairTransplant'],
  ['dental-implants', '/', 'dental'],
  ['hollywood-smile', '/', 'hollywood'],
  ['rhinoplasty', '/', 'rhinoplasty'],
  ['facelift', '/', 'facelift'],
  ['liposuction', '/', 'liposuction'],
  ['cosmetic-surgery', '/', 'cosmeticSurgery'],
  ['bariatric-surgery', '/', 'bariatric'],
  ['ivf', '/', 'ivf'],
  ['lasik', '/', 'lasik'],
  ['orthopedic', '/', 'orthopedic'],
  ['health-checkup', '/', 'healthCheckup'],
  ['other', '/', 'other'],
  [null, 'hair-transplant-offer-page', 'hairTransplant'],
  [null, '/en/dental-implants-turkey', 'other'],
];

const backends = await sqlBackends();

describe.each(backends)('lead capture on $name', (backend) => {
  let db: Database;
  let admin: Actor;

  beforeAll(async () => {
    db = await backend.open();
    await resetData(db);
    admin = await createLiveAdmin(db);
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.exec(`truncate public.offer_leads, private.lead_submissions cascade`);
  });

  describe('fan-out into the inbox', () => {
    for (const [service, source, expected] of serviceMapping) {
      it(`a lead with service ${service ?? 'null'} from ${source} becomes one ${expected} request`, async () => {
        const id = randomUUID();
        const inserted = await as(db, anon, (tx) =>
          insertLead(tx, leadRow({ id, service, source, notes: 'Please call after 6pm' })),
        );
        expect(inserted).toBe(1);
        const { rows } = await db.query<Record<string, string>>(
          `select service::text, lead_id::text, status::text, message, notes, name, phone
           from public.contact_requests`,
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          service: expected,
          lead_id: id,
          status: 'new',
          message: 'Please call after 6pm',
          notes: null,
          name: 'Layla Haddad',
        });
      });
    }

    it('copies every shared field into the request', async () => {
      const row = leadRow({
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'hair-autumn',
        utm_content: 'ad-1',
        utm_term: 'fue',
        ready_to_travel: 'maybe',
        preferred_countries: ['Turkey', 'Romania'],
        appointment_time: 'nextMonth',
        language: 'en',
        page_url: 'https://rihla.care/en/?utm_source=google',
      });
      await as(db, anon, (tx) => insertLead(tx, row));
      const { rows } = await db.query<Record<string, unknown>>(
        `select r.name = l.name and r.phone = l.phone and r.email = l.email and r.country = l.country
            and r.country_code = l.country_code and r.source = l.source
            and r.utm_source = l.utm_source and r.utm_medium = l.utm_medium
            and r.utm_campaign = l.utm_campaign and r.utm_content = l.utm_content
            and r.utm_term = l.utm_term and r.ready_to_travel = l.ready_to_travel
            and r.preferred_countries = l.preferred_countries
            and r.appointment_time = l.appointment_time and r.language = l.language
            and r.created_at = l.created_at as same,
          r.preferred_countries::text as countries
         from public.contact_requests r join public.offer_leads l on l.id = r.lead_id`,
      );
      expect(rows).toEqual([{ same: true, countries: '{Turkey,Romania}' }]);
    });

    it('creates the request in the same transaction as the lead', async () => {
      const seenInside = await as(db, anon, async (tx) => {
        await insertLead(tx, leadRow());
        // Still inside the inserting transaction: switch back to the owner to look.
        await tx.query(`reset role`);
        const { rows } = await tx.query<{ n: number }>(
          `select count(*)::int as n from public.contact_requests`,
        );
        return rows[0]?.n;
      });
      expect(seenInside).toBe(1);
      // A rolled-back insert leaves neither row behind.
      await expect(
        as(db, anon, async (tx) => {
          await insertLead(tx, leadRow());
          throw new Error('client went away');
        }),
      ).rejects.toThrow('client went away');
      expect(await countRows(db, 'public.offer_leads')).toBe(1);
      expect(await countRows(db, 'public.contact_requests')).toBe(1);
    });

    it('stores no lead when its request cannot be created', async () => {
      await db.exec(
        `alter table public.contact_requests add constraint test_refuse check (name <> 'Refused Name')`,
      );
      try {
        await expectSqlError(
          as(db, anon, (tx) => insertLead(tx, leadRow({ name: 'Refused Name' }))),
          '23514',
        );
      } finally {
        await db.exec(`alter table public.contact_requests drop constraint test_refuse`);
      }
      expect(await countRows(db, 'public.offer_leads')).toBe(0);
      expect(await countRows(db, 'public.contact_requests')).toBe(0);
    });
  });

  describe('idempotent retries', () => {
    it('a retried insert with the same id stores one lead and one request, and succeeds', async () => {
      const row = leadRow({ id: randomUUID() });
      expect(await as(db, anon, (tx) => insertLead(tx, row))).toBe(1);
      expect(await as(db, anon, (tx) => insertLead(tx, { ...row, name: 'Changed On Retry' }))).toBe(
        0,
      );
      expect(await countRows(db, 'public.offer_leads')).toBe(1);
      expect(await countRows(db, 'public.contact_requests')).toBe(1);
      const { rows } = await db.query<{ name: string }>(`select name from public.offer_leads`);
      expect(rows[0]?.name).toBe('Layla Haddad');
    });

    it('a retry does not count against the rate limit', async () => {
      const phone = '966512345678';
      const ids = Array.from({ length: 5 }, () => randomUUID());
      for (const id of ids) await as(db, anon, (tx) => insertLead(tx, leadRow({ id, phone })));
      expect(await as(db, anon, (tx) => insertLead(tx, leadRow({ id: ids[4], phone })))).toBe(0);
    });
  });

  describe('one erasure', () => {
    it("an owner's delete of a lead moves it and its request to the bin, a purge erases both", async () => {
      const id = randomUUID();
      await as(db, anon, (tx) => insertLead(tx, leadRow({ id })));
      const deleted = await as(db, admin, (tx) =>
        tx.query(`delete from public.offer_leads where id = $1`, [id]),
      );
      expect(deleted.affectedRows).toBe(0);
      expect(await countRows(db, 'public.offer_leads')).toBe(1);
      expect(await countRows(db, 'public.contact_requests where deleted_at is not null')).toBe(1);
      // The bin is out of the staff's sight: the request id is looked up as the database owner.
      const { rows } = await db.query<{ id: string }>(
        `select id::text from public.contact_requests where lead_id = $1`,
        [id],
      );
      await as(db, admin, (tx) =>
        tx.query(`select public.purge_requests($1::uuid[], gen_random_uuid()::text)`, [
          [rows[0]!.id],
        ]),
      );
      expect(await countRows(db, 'public.offer_leads')).toBe(0);
      expect(await countRows(db, 'public.contact_requests')).toBe(0);
    });

    it("an owner's delete of a request moves it and its lead to the bin, a purge erases both", async () => {
      await as(db, anon, (tx) => insertLead(tx, leadRow()));
      await as(db, anon, (tx) => insertLead(tx, leadRow()));
      const { rows } = await db.query<{ id: string }>(
        `select id::text from public.contact_requests limit 1`,
      );
      await as(db, admin, (tx) =>
        tx.query(`delete from public.contact_requests where id = $1`, [rows[0]?.id]),
      );
      expect(await countRows(db, 'public.contact_requests')).toBe(2);
      await as(db, admin, (tx) =>
        tx.query(`select public.purge_requests($1::uuid[], gen_random_uuid()::text)`, [
          [rows[0]?.id],
        ]),
      );
      expect(await countRows(db, 'public.offer_leads')).toBe(1);
      expect(await countRows(db, 'public.contact_requests')).toBe(1);
    });
  });

  describe('validation constraints', () => {
    const violations: [string, Record<string, unknown>, string, string][] = [
      ['a one-letter name', { name: 'A' }, '23514', 'offer_leads_name_length'],
      [
        'a name that is only spaces around one letter',
        { name: '  B  ' },
        '23514',
        'offer_leads_name_length',
      ],
      ['a 101-character name', { name: 'x'.repeat(101) }, '23514', 'offer_leads_name_length'],
      ['a missing name', { name: null }, '23502', ''],
      [
        'a 7-digit phone',
        { phone: '1234567', country_code: null },
        '23514',
        'offer_leads_phone_digits',
      ],
      ['a 16-digit phone', { phone: '1234567890123456' }, '23514', 'offer_leads_phone_digits'],
      ['a missing phone', { phone: null }, '23502', ''],
      ['a malformed email', { email: 'layla@' }, '23514', 'offer_leads_email_format'],
      [
        'an over-long email',
        { email: `${'a'.repeat(250)}@x.io` },
        '23514',
        'offer_leads_email_format',
      ],
      ['a 2001-character note', { notes: 'n'.repeat(2001) }, '23514', 'offer_leads_notes_length'],
      ['a 201-character source', { source: 's'.repeat(201) }, '23514', 'offer_leads_source_length'],
      [
        'a 2001-character page URL',
        { page_url: `https://x/${'p'.repeat(1992)}` },
        '23514',
        'offer_leads_page_url_length',
      ],
      [
        'a 201-character utm_campaign',
        { utm_campaign: 'c'.repeat(201) },
        '23514',
        'offer_leads_utm_length',
      ],
      [
        'campaign params that are not an object',
        { campaign_params: ['a'] },
        '23514',
        'offer_leads_campaign_params_object',
      ],
      [
        'campaign params over 4 KB',
        { campaign_params: { q: 'x'.repeat(4100) } },
        '23514',
        'offer_leads_campaign_params_object',
      ],
      [
        '21 preferred countries',
        { preferred_countries: Array.from({ length: 21 }, (_, i) => `C${i}`) },
        '23514',
        'offer_leads_preferred_countries_size',
      ],
      ['an unknown service', { service: 'teeth-whitening' }, '22P02', ''],
      ['an unknown readiness', { ready_to_travel: 'soon' }, '22P02', ''],
      ['an unknown timing', { appointment_time: 'tomorrow' }, '22P02', ''],
      ['an unknown language', { language: 'fr' }, '22P02', ''],
    ];
    for (const [label, overrides, code, constraint] of violations) {
      it(`refuses ${label} with ${code}${constraint ? ` (${constraint})` : ''}`, async () => {
        const error = await expectSqlError(
          as(db, anon, (tx) => insertLead(tx, leadRow(overrides))),
          code,
        );
        if (constraint) expect(error.constraint).toBe(constraint);
        expect(await countRows(db, 'public.offer_leads')).toBe(0);
      });
    }

    it('accepts the boundaries: 2 and 100 characters, 8 and 15 digits, no email', async () => {
      for (const overrides of [
        { name: 'Al', phone: '12345678', country_code: null, email: null },
        { name: 'x'.repeat(100), phone: '123456789012345', country_code: null, email: '' },
        { country_code: '', country: '' },
      ]) {
        expect(await as(db, anon, (tx) => insertLead(tx, leadRow(overrides)))).toBe(1);
      }
    });

    it('stores a phone sent with a plus sign, spaces or a code without plus canonically', async () => {
      // The phone rule runs in the database (public.normalize_phone, supabase/tests/phone-rule.test.ts).
      for (const [i, overrides] of [
        { phone: '+966501234567' },
        { phone: '966 50 123 4567' },
        { country_code: '966', phone: '0501234567' },
      ].entries()) {
        await db.exec(`truncate public.offer_leads, private.lead_submissions cascade`);
        const row = leadRow(overrides);
        const actor = { ...anon, address: `198.51.100.${i + 1}` };
        expect(await as(db, actor, (tx) => insertLead(tx, row))).toBe(1);
        const { rows } = await db.query(`select country_code, phone from public.offer_leads`);
        expect(rows, JSON.stringify(overrides)).toEqual([
          { country_code: '+966', phone: '966501234567' },
        ]);
      }
    });

    it('refuses a name that is empty once invisible characters and spaces are removed', async () => {
      for (const name of [
        '\u200b\u200b\u200b',
        '\u00a0\u00a0\u00a0',
        '\u200d\ufeff\u2060 \u3164',
        'A\u200b\u200b',
        '\u202e\u202e\u202e',
      ]) {
        const error = await expectSqlError(
          as(db, anon, (tx) => insertLead(tx, leadRow({ name }))),
          '23514',
        );
        expect(error.constraint, JSON.stringify(name)).toMatch(
          /^offer_leads_name_(visible|length)$/,
        );
      }
      expect(await countRows(db, 'public.offer_leads')).toBe(0);
    });

    it('neutralizes bidi controls in single-line fields, keeping the joiners names need', async () => {
      const id = randomUUID();
      await as(db, anon, (tx) =>
        insertLead(
          tx,
          leadRow({
            id,
            name: 'Ali \u202Egnp.exe\u202C Hassan',
            country: '\u2067Saudi\u2069 Arabia\u200f',
            preferred_countries: ['Tur\u202Ekey'],
            utm_campaign: '\u202Dx',
          }),
        ),
      );
      await as(db, anon, (tx) => insertLead(tx, leadRow({ name: 'می\u200cخواهم' })));
      const { rows } = await db.query<Record<string, unknown>>(
        `select l.name, l.country, l.preferred_countries, l.utm_campaign, r.name as request_name
         from public.offer_leads l join public.contact_requests r on r.lead_id = l.id
         order by l.created_at`,
      );
      expect(rows[0]).toEqual({
        name: 'Ali gnp.exe Hassan',
        country: 'Saudi Arabia',
        preferred_countries: ['Turkey'],
        utm_campaign: 'x',
        request_name: 'Ali gnp.exe Hassan',
      });
      expect(rows[1]?.name).toBe('می\u200cخواهم');
      // An admin correcting a lead cannot bring them back either.
      await as(db, admin, (tx) =>
        tx.query(`update public.offer_leads set name = $1 where id = $2`, ['Eve\u202E', id]),
      );
      const { rows: updated } = await db.query<{ name: string }>(
        `select name from public.offer_leads where id = $1`,
        [id],
      );
      expect(updated[0]?.name).toBe('Eve');
    });

    it('normalizes text and stamps the server time whatever the client sends', async () => {
      await as(db, anon, (tx) =>
        insertLead(
          tx,
          leadRow({ name: '  Omar  ', email: '  ', notes: '', created_at: '2001-01-01T00:00:00Z' }),
        ),
      );
      const { rows } = await db.query<Record<string, unknown>>(
        `select name, email, notes, created_at > now() - interval '1 minute' as recent
         from public.offer_leads`,
      );
      expect(rows).toEqual([{ name: 'Omar', email: null, notes: null, recent: true }]);
    });
  });

  describe('rate limits', () => {
    // Per address and against everyone's traffic, leads are held, not refused: lead-holding.test.ts.
    it('refuses the 6th lead for one phone within an hour with PT429 (address unknown)', async () => {
      const phone = '966598765432';
      for (let i = 0; i < 5; i++) {
        expect(await as(db, anon, (tx) => insertLead(tx, leadRow({ phone })))).toBe(1);
      }
      const error = await expectSqlError(
        as(db, anon, (tx) => insertLead(tx, leadRow({ phone }))),
        'PT429',
      );
      expect(error.hint).toBe('rate_limited');
      expect(error.detail).toBe('limit: 5 leads per phone number per hour');
      // Another number is unaffected, and the hour is a sliding window.
      expect(await as(db, anon, (tx) => insertLead(tx, leadRow()))).toBe(1);
      await db.query(
        `update public.offer_leads set created_at = created_at - interval '61 minutes'`,
      );
      expect(await as(db, anon, (tx) => insertLead(tx, leadRow({ phone })))).toBe(1);
    });

    it('refuses the 21st lead from one signed-in client within an hour with PT429', async () => {
      const client = await createUser(db);
      for (let i = 0; i < 20; i++) {
        expect(await as(db, client, (tx) => insertLead(tx, leadRow()))).toBe(1);
      }
      const error = await expectSqlError(
        as(db, client, (tx) => insertLead(tx, leadRow())),
        'PT429',
      );
      expect(error.detail).toBe('limit: 20 leads per client per hour');
      // Another client, and anon-key callers without a session, are unaffected.
      expect(await as(db, await createUser(db), (tx) => insertLead(tx, leadRow()))).toBe(1);
      expect(await as(db, anon, (tx) => insertLead(tx, leadRow()))).toBe(1);
      // Every API caller's lead is recorded (for the address and global limits), anon ones too.
      expect(await countRows(db, 'private.lead_submissions')).toBe(22);
    });

    it('refuses many leads in one request, even with different phones, and keeps none', async () => {
      const rows = Array.from({ length: 3 }, () => leadRow());
      const bulkInsert = (tx: Parameters<typeof insertLead>[0]) =>
        tx.query(
          `insert into public.offer_leads (name, phone, country_code, source, language)
           select name, phone, country_code, source, language
           from json_populate_recordset(null::public.offer_leads, $1::json)`,
          [JSON.stringify(rows)],
        );
      const error = await expectSqlError(as(db, anon, bulkInsert), 'PT400');
      expect(error.hint).toBe('one_lead_per_request');
      await expectSqlError(as(db, await createUser(db), bulkInsert), 'PT400');
      expect(await countRows(db, 'public.offer_leads')).toBe(0);
      expect(await countRows(db, 'public.contact_requests')).toBe(0);
      // One row per request is what the forms send; the service role may import in bulk.
      expect(await as(db, anon, (tx) => insertLead(tx, leadRow()))).toBe(1);
      await as(db, serviceRole, bulkInsert);
      expect(await countRows(db, 'public.offer_leads')).toBe(4);
    });

    it('counts the spellings of one number as one phone', async () => {
      const spellings = [
        { country_code: '+966', phone: '0598765432' },
        { country_code: '+966', phone: '00966598765432' },
        { country_code: '', phone: '966598765432' },
        { country_code: '+966', phone: '598765432' },
        { country_code: '+966', phone: '966598765432' },
      ];
      for (const spelling of spellings) {
        expect(await as(db, anon, (tx) => insertLead(tx, leadRow(spelling)))).toBe(1);
      }
      const error = await expectSqlError(
        as(db, anon, (tx) =>
          insertLead(tx, leadRow({ country_code: '', phone: '00966598765432' })),
        ),
        'PT429',
      );
      expect(error.detail).toBe('limit: 5 leads per phone number per hour');
    });

    it('does not limit the service role or the database owner', async () => {
      const phone = '966511111111';
      for (let i = 0; i < 6; i++) {
        expect(await as(db, serviceRole, (tx) => insertLead(tx, leadRow({ phone })))).toBe(1);
      }
      expect(await insertLead(db, leadRow({ phone }))).toBe(1);
    });
  });
});
