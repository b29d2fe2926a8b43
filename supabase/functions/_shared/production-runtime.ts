import { createHttpEmailTransport } from './email.ts';
import { createGoogleIndexingSubmitter } from './google-indexing.ts';
import type { FunctionRuntime } from './runtime.ts';

/** The runtime of the deployed functions: secrets from the environment, real providers. */
export function createProductionRuntime(
  env: (name: string) => string | undefined,
): FunctionRuntime {
  const fetchImpl = globalThis.fetch.bind(globalThis);
  return {
    env,
    fetch: fetchImpl,
    mail: createHttpEmailTransport(env, fetchImpl),
    indexing: createGoogleIndexingSubmitter(env, fetchImpl),
  };
}

/** Deno's environment, reached without Deno's types so the file also type-checks under Node. */
export function denoEnv(): (name: string) => string | undefined {
  const deno = (globalThis as { Deno?: { env: { get(name: string): string | undefined } } }).Deno;
  if (!deno) throw new Error('this entry point runs on Supabase Edge Functions (Deno)');
  return (name) => deno.env.get(name);
}

/** Starts serving a handler with Deno.serve. */
export function serveWithDeno(handler: (request: Request) => Promise<Response>): void {
  const deno = (
    globalThis as { Deno?: { serve(handler: (request: Request) => Promise<Response>): unknown } }
  ).Deno;
  if (!deno) throw new Error('this entry point runs on Supabase Edge Functions (Deno)');
  deno.serve(handler);
}
