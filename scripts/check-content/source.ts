/** Lines and names of fields in a parsed YAML source, for the messages. */
import { isMap, isScalar } from 'yaml';
import type { Path, Source } from './types.ts';

/** The line of the field at `path`, or of its nearest existing parent. */
export function lineOf(source: Source, path: Path): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const sub = path.slice(0, depth);
    const parent = sub.length ? source.doc.getIn(sub.slice(0, -1), true) : undefined;
    // Prefer the key's line for a mapping field ("min: 1600" rather than its value's line).
    if (sub.length && isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === sub.at(-1));
      const range = (pair?.key as { range?: [number, number] } | undefined)?.range;
      if (range) return source.lines.linePos(range[0]).line + source.offset;
    }
    const node = source.doc.getIn(sub, true) as { range?: [number, number] } | undefined;
    if (node?.range) return source.lines.linePos(node.range[0]).line + source.offset;
  }
  return undefined;
}

/** "page.prices.items[2].price.min" for a path inside an entry. */
export function fieldName(path: Path): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i ? `.${part}` : part))
    .join('');
}

export const show = (value: unknown): string => {
  if (value === null) return 'empty';
  if (typeof value === 'string' || typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return typeof value;
};
