/**
 * A per-key sliding window: at most `limit` events per `windowMs` for each key (a client address).
 * The local auth uses it for anonymous sign-ins, `[auth.rate_limit] anonymous_users` of
 * supabase/config.toml per hour per IP, as hosted Auth counts them.
 */
export class RateWindow {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly events = new Map<string, number[]>();

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Records an event for `key` and returns true, or returns false when the key is over its limit. */
  take(key: string, now = Date.now()): boolean {
    const recent = (this.events.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.events.set(key, recent);
      return false;
    }
    recent.push(now);
    this.events.set(key, recent);
    // Keys whose window has emptied are dropped now and then, so the map cannot grow without bound.
    if (this.events.size > 10_000) {
      for (const [other, times] of this.events)
        if (times.every((at) => at <= now - this.windowMs)) this.events.delete(other);
    }
    return true;
  }
}
