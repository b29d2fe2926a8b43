import { parseToml } from '../../../local/config.ts';

type Value = ReturnType<typeof parseToml> extends Map<string, infer V> ? V : never;

/**
 * supabase/config.toml read the way the Supabase CLI reads it (Go CLI, pkg/config/config.go
 * `loadFromFile`, `load` and `Validate`), so a test can tell what `supabase config push` would send:
 *  1. each `[remotes.<name>]` whose project_id TEXT (not yet env-expanded) equals the project ref the
 *     command runs for is merged over the top-level settings (and turns the seed off);
 *  2. then every `env(NAME)` string is replaced by the variable's value when it is set;
 *  3. then every remote's project_id must look like a ref (`^[a-z]{20}$`), or the command fails.
 */
export function loadConfigLikeCli(
  text: string,
  projectRef: string,
  env: Record<string, string | undefined> = {},
): Map<string, Value> {
  const raw = parseToml(text);
  const remotes = new Map<string, string>();
  for (const [key, value] of raw) {
    const match = /^remotes\.([^.]+)\.project_id$/.exec(key);
    if (!match) continue;
    const name = match[1] as string;
    const id = String(value);
    for (const [other, otherId] of remotes)
      if (otherId === id)
        throw new Error(`duplicate project_id for [remotes.${name}] and [remotes.${other}]`);
    remotes.set(name, id);
  }
  const merged = new Map<string, Value>();
  for (const [key, value] of raw) if (!key.startsWith('remotes.')) merged.set(key, value);
  for (const [name, id] of remotes) {
    if (id !== projectRef) continue;
    const prefix = `remotes.${name}.`;
    for (const [key, value] of raw)
      if (key.startsWith(prefix)) merged.set(key.slice(prefix.length), value);
    if (!raw.has(`${prefix}db.seed.enabled`)) merged.set('db.seed.enabled', false);
  }
  const expand = (value: string): string => {
    const match = /^env\((.*)\)$/.exec(value);
    const variable = match ? env[match[1] as string] : undefined;
    return variable !== undefined && variable !== '' ? variable : value;
  };
  for (const [key, value] of merged) {
    if (typeof value === 'string') merged.set(key, expand(value));
    else if (Array.isArray(value)) merged.set(key, value.map(expand));
  }
  for (const [name, id] of remotes) {
    if (!/^[a-z]{20}$/.test(expand(id)))
      throw new Error(
        `Invalid config for remotes.${name}.project_id. Must be like: abcdefghijklmnopqrst`,
      );
  }
  return merged;
}
