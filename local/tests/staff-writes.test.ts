import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, client, lead, startTestStack, type Client } from './helpers.ts';

/**
 * Staff writes through the API's real routes (issue 41 item 1): a signed-in owner's table write on
 * templates, clinics and accreditations, or a coordinator's on a request's or a lead's columns, is
 * refused (42501 write_through_function) however it is sent, and the same change through the
 * table's function, naming what the owner saw, is stored.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let owner: Client;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await adminClient(stack, 'nadia');
});
afterAll(async () => {
  await stack.cleanup();
});

const refusedAsTableWrite = (error: { code?: string; hint?: string | null } | null) =>
  expect(error).toMatchObject({ code: '42501', hint: 'write_through_function' });

describe('staff writes through the API', () => {
  it('refuses a template written around save_message_template, and takes it through it', async () => {
    const before = await owner
      .from('message_templates')
      .select('id, body_ar, updated_at')
      .eq('key', 'first_contact')
      .single();
    expect(before.error).toBeNull();
    const patched = await owner
      .from('message_templates')
      .update({ body_ar: 'مرحباً {name}، تغيير بلا نسخة' })
      .eq('id', before.data!.id);
    refusedAsTableWrite(patched.error);
    const added = await owner.from('message_templates').insert({
      title_ar: 'قالب جانبي',
      title_en: 'Side template',
      body_ar: 'نص',
      body_en: 'Text',
    });
    refusedAsTableWrite(added.error);

    const saved = await owner.rpc('save_message_template', {
      _id: before.data!.id,
      _expected_updated_at: before.data!.updated_at,
      _fields: { body_ar: 'مرحباً {name}' },
    });
    expect(saved.error).toBeNull();
    // A second save over the same opened version is stale: it names who saved since.
    const stale = await owner.rpc('save_message_template', {
      _id: before.data!.id,
      _expected_updated_at: before.data!.updated_at,
      _fields: { body_ar: 'أهلاً {name}' },
    });
    expect(stale.error).toMatchObject({ code: 'PT409', hint: 'stale_version' });
    expect(JSON.parse(stale.error!.details)).toMatchObject({ by: 'nadia' });
  });

  it('refuses clinics and accreditations written around their functions', async () => {
    const fields = {
      slug: 'side-door',
      name_ar: 'عيادة جانبية',
      name_en: 'Side Door Clinic',
      city_ar: 'أنطاليا',
      city_en: 'Antalya',
      country: 'turkey' as const,
    };
    refusedAsTableWrite((await owner.from('clinics').insert(fields)).error);
    const id = crypto.randomUUID();
    const saved = await owner.rpc('save_clinic', {
      _id: id,
      _expected_updated_at: null as unknown as string,
      _fields: fields,
    });
    expect(saved.error).toBeNull();
    refusedAsTableWrite((await owner.from('clinics').update({ active: false }).eq('id', id)).error);
    refusedAsTableWrite((await owner.from('clinics').delete().eq('id', id)).error);
    refusedAsTableWrite(
      (
        await owner.from('clinic_accreditations').insert({
          clinic_id: id,
          body: 'JCI',
          certificate_number: 'J-1',
          valid_until: '2030-01-01',
        })
      ).error,
    );
    const stored = await owner.from('clinics').select('active').eq('id', id).single();
    expect(stored.data).toEqual({ active: true });
  });

  it('refuses a request changed around update_request', async () => {
    const visitor = client(stack);
    const leadId = crypto.randomUUID();
    expect((await visitor.from('offer_leads').insert(lead({ id: leadId }))).error).toBeNull();
    const request = await owner
      .from('contact_requests')
      .select('id, version')
      .eq('lead_id', leadId)
      .single();
    refusedAsTableWrite(
      (
        await owner
          .from('contact_requests')
          .update({ status: 'completed' })
          .eq('id', request.data!.id)
      ).error,
    );
    refusedAsTableWrite(
      (await owner.from('offer_leads').update({ name: 'Someone Else' }).eq('id', leadId)).error,
    );
    const saved = await owner.rpc('update_request', {
      _id: request.data!.id,
      _expected_version: request.data!.version,
      _changes: { status: 'completed' },
    });
    expect(saved.error).toBeNull();
    expect((saved.data as { status: string }).status).toBe('completed');
  });
});
