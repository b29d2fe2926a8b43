// Deno entry for Supabase Edge Functions; the logic lives in the runtime-neutral handler.ts.
import { createProductionRuntime, denoEnv, serveWithDeno } from '../_shared/production-runtime.ts';
import { createHandler } from './handler.ts';

serveWithDeno(createHandler(createProductionRuntime(denoEnv())));
