/**
 * Password hashing yields to everyone else. The embedded database runs in this thread and executes
 * one query at a time, so each bcrypt hash (cost 10) blocks the whole server while it runs; 30
 * parallel sign-in loops used to put a patient's lead insert behind dozens of hashes. Requests that
 * hash a password (rpc admin_login, the auth password grant and e-mail sign-up) pass through this
 * gate: one at a time, and each only once no other request is in flight (or after at most
 * MAX_WAIT_MS, so sign-ins still progress under steady traffic). On a real PostgreSQL, which runs
 * queries in parallel, the gate only serializes sign-ins, which are rare.
 *
 * The next hash goes to the waiting caller whose client address failed least in the last minute
 * (then: was served least; first come, first served among equals): a password guesser spread over
 * many addresses queues behind itself, and the admin at their own desk, who does not fail, waits
 * for at most the hash in progress.
 */

/** Longest a hash waits for other requests to finish before it runs anyway. */
export const MAX_WAIT_MS = 2_000;

/** How far back the gate remembers whom it served. */
const MEMORY_MS = 60_000;

interface Waiting {
  key: string;
  seq: number;
  run: () => Promise<void>;
}

const waiting: Waiting[] = [];
const served = new Map<string, number[]>();
const failed = new Map<string, number[]>();
let inFlight = 0;
let gated = 0;
let seq = 0;
let pumping = false;

/** Counts an HTTP request as in flight until the returned function is called (once). */
export function requestStarted(): () => void {
  inFlight++;
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    inFlight--;
  };
}

const nextTurn = () => new Promise<void>((resolveTurn) => setImmediate(resolveTurn));
const pause = (ms: number) => new Promise<void>((resolvePause) => setTimeout(resolvePause, ms));

/** Resolves once no request other than gated ones is in flight, or after MAX_WAIT_MS. */
async function othersDone(): Promise<void> {
  const deadline = Date.now() + MAX_WAIT_MS;
  // A few turns of the event loop first, so requests already on the wire are read and counted.
  for (let turn = 0; turn < 3; turn++) await nextTurn();
  while (inFlight > gated && Date.now() < deadline) await pause(2);
}

/**
 * Resolves once no HTTP request is in flight, or after `maxWaitMs`: for background database work
 * that must yield to the API (Realtime's join checks, local/realtime-authorization.ts).
 */
export async function requestsIdle(maxWaitMs = MAX_WAIT_MS): Promise<void> {
  const deadline = Date.now() + maxWaitMs;
  while (inFlight > 0 && Date.now() < deadline) await pause(2);
}

/** Entries of `log` for `key` in the last minute (forgetting older ones). */
function recent(log: Map<string, number[]>, key: string, now: number): number {
  const times = (log.get(key) ?? []).filter((time) => now - time < MEMORY_MS);
  if (times.length) log.set(key, times);
  else log.delete(key);
  return times.length;
}

function recordFailure(key: string): void {
  failed.set(key, [...(failed.get(key) ?? []), Date.now()]);
}

/** Takes the waiting call of the least-served key, the oldest among equals. */
function takeNext(): Waiting | undefined {
  const now = Date.now();
  let best = -1;
  let bestServed = Infinity;
  for (const [index, entry] of waiting.entries()) {
    // Failures weigh far more than turns: an address that fails is always served after one that
    // does not.
    const count = recent(failed, entry.key, now) * 1_000_000 + recent(served, entry.key, now);
    if (count < bestServed || (count === bestServed && entry.seq < (waiting[best]?.seq ?? 0))) {
      best = index;
      bestServed = count;
    }
  }
  const [next] = best < 0 ? [] : waiting.splice(best, 1);
  if (next) served.set(next.key, [...(served.get(next.key) ?? []), now]);
  return next;
}

async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  try {
    while (waiting.length) {
      await othersDone();
      await takeNext()?.run();
    }
  } finally {
    pumping = false;
  }
}

/**
 * Runs `fn` once other requests have been served and no other gated call runs; `key` (the client
 * address) decides whose turn comes first, and `failedWith(result)` says whether the call was a
 * failed sign-in, which sends that address to the back of later queues.
 */
export function throughHashGate<T>(
  fn: () => Promise<T>,
  key = '',
  failedWith: (result: T) => boolean = () => false,
): Promise<T> {
  gated++;
  return new Promise<T>((resolveRun, rejectRun) => {
    waiting.push({
      key,
      seq: seq++,
      run: () =>
        Promise.resolve()
          .then(fn)
          .then(
            (result) => {
              if (failedWith(result)) recordFailure(key);
              resolveRun(result);
            },
            (error: unknown) => {
              // A refused call (a throttled sign-in, an error) counts as a failure too.
              recordFailure(key);
              rejectRun(error instanceof Error ? error : new Error(String(error)));
            },
          ),
    });
    void pump();
  }).finally(() => {
    gated--;
  });
}
