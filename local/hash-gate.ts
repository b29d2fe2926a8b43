/**
 * One password hash at a time. The embedded database runs every query on one connection, so 30
 * parallel sign-in attempts (bcrypt, cost 10, each tens of milliseconds) queued 30 hashes in front
 * of a patient's lead insert. Requests that hash a password (rpc admin_login, the auth password
 * grant and e-mail sign-up) pass through this gate: at most one of them is inside the database at
 * any moment, and everything else is served between them. A real PostgreSQL runs queries in
 * parallel and gains nothing from the gate, but it costs nothing there either.
 */
let tail: Promise<void> = Promise.resolve();

/** Runs `fn` once every earlier gated call has finished. */
export function throughHashGate<T>(fn: () => Promise<T>): Promise<T> {
  const run = tail.then(fn, fn);
  tail = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}
