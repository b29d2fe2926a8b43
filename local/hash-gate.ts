/**
 * Password hashing yields to everyone else. The embedded database runs in this thread and executes
 * one query at a time, so each bcrypt hash (cost 10) blocks the whole server while it runs; 30
 * parallel sign-in loops used to put a patient's lead insert behind dozens of hashes. Requests that
 * hash a password (rpc admin_login, the auth password grant and e-mail sign-up) pass through this
 * gate: one at a time, and each only once no other request is in flight (or after at most
 * MAX_WAIT_MS, so sign-ins still progress under steady traffic). On a real PostgreSQL, which runs
 * queries in parallel, the gate only serializes sign-ins, which are rare.
 */

/** Longest a hash waits for other requests to finish before it runs anyway. */
export const MAX_WAIT_MS = 2_000;

let tail: Promise<void> = Promise.resolve();
let inFlight = 0;
let gated = 0;

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

/** Runs `fn` after every earlier gated call, once other requests have been served. */
export function throughHashGate<T>(fn: () => Promise<T>): Promise<T> {
  gated++;
  const start = () => othersDone().then(fn);
  const run = tail.then(start, start);
  tail = run.then(
    () => undefined,
    () => undefined,
  );
  return run.finally(() => {
    gated--;
  });
}
