/**
 * The smoke check that the project records the caller's real address, not one the caller wrote
 * (supabase/migrations/20261126120100_client_address_from_gateway.sql). The lead limits and the
 * login throttle count per address: if a forged X-Forwarded-For were what the database records,
 * a bot could take a fresh address on every request, or aim the throttle at someone else.
 */

/** An address from a documentation range (RFC 5737): never a real client. */
export const FORGED_ADDRESS = '198.51.100.7';

export type AddressCheck =
  { status: 'pass' | 'fail'; detail: string } | { status: 'skip'; detail: string };

/** Calls public.my_client_address() twice, plainly and with forged headers, and compares. */
export async function checkForgedAddressIgnored(api: string, key: string): Promise<AddressCheck> {
  const call = async (extra: Record<string, string>) => {
    const headers: Record<string, string> = {
      apikey: key,
      'Content-Type': 'application/json',
      ...extra,
    };
    if (!key.startsWith('sb_')) headers['Authorization'] = `Bearer ${key}`;
    const response = await fetch(`${api}/rest/v1/rpc/my_client_address`, {
      method: 'POST',
      headers,
      body: '{}',
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  let plain: Awaited<ReturnType<typeof call>>;
  let forged: Awaited<ReturnType<typeof call>>;
  try {
    plain = await call({});
    forged = await call({
      'X-Forwarded-For': FORGED_ADDRESS,
      'X-Real-IP': FORGED_ADDRESS,
      'CF-Connecting-IP': FORGED_ADDRESS,
    });
  } catch (error) {
    return {
      status: 'skip',
      detail: `could not reach ${api} (${error instanceof Error ? error.message : String(error)}): the forged-address check did not run`,
    };
  }
  if (plain.status === 404 || forged.status === 404) {
    return { status: 'fail', detail: 'my_client_address() is missing: push the migrations first' };
  }
  if (plain.status !== 200 || forged.status !== 200) {
    return {
      status: 'fail',
      detail: `my_client_address() answered ${plain.status}/${forged.status}`,
    };
  }
  if (forged.body === FORGED_ADDRESS) {
    return {
      status: 'fail',
      detail: `the database recorded the forged X-Forwarded-For ${FORGED_ADDRESS}: per-address limits are bypassable`,
    };
  }
  if (typeof forged.body !== 'string' || forged.body === '') {
    return {
      status: 'fail',
      detail: 'the database sees no client address at all: per-address limits would not apply',
    };
  }
  if (forged.body !== plain.body) {
    return {
      status: 'fail',
      detail: `forged headers changed the recorded address (${String(plain.body)} → ${forged.body})`,
    };
  }
  return { status: 'pass', detail: `recorded ${forged.body} with or without forged headers` };
}
