import { isScalar, visit, type Scalar } from 'yaml';
import type { Source } from '../types.ts';

/**
 * Numbers spelt the way people write prices: YAML reads "{ min: 1,600 }" as min 1 plus a stray
 * field "600", and "min: 1.600" as 1.6. Read from the YAML source, where the spelling is still
 * visible, in document order.
 */
export function numberSpellings(
  source: Source,
  text: string,
  report: (line: number, message: string) => void,
) {
  const lineAt = (offset: number) => source.lines.linePos(offset).line + source.offset;
  visit(source.doc, {
    Map(_, map) {
      map.items.forEach((pair, i) => {
        const key = pair.key as Scalar | null;
        if (!isScalar(key) || !/^\d+$/.test(String(key.value)) || pair.value !== null) return;
        const previous = map.items[i - 1];
        if (!previous || !isScalar(previous.value) || typeof previous.value.value !== 'number')
          return;
        const name = String((previous.key as Scalar<string>).value);
        const thousands = Number(previous.value.value);
        const rest = String(key.value);
        const whole = `${thousands}${rest}`;
        report(
          lineAt(key.range![0]),
          `"${name}" is written with a thousands separator (${thousands},${rest}); YAML reads the comma as the end of the number. Write ${whole} without the comma: ${name}: ${whole}.`,
        );
      });
    },
    Scalar(_, scalar) {
      if (typeof scalar.value !== 'number' || !scalar.range) return;
      const written = text.slice(scalar.range[0], scalar.range[1]).trim();
      // A leading 0 is never a thousands group: 0.307 is a decimal (an exchange rate).
      if (/^[1-9]\d{0,2}(\.\d{3})+$/.test(written))
        report(
          lineAt(scalar.range[0]),
          `the number ${written} has a point as thousands separator, which YAML reads as ${scalar.value}. Write ${written.replace(/\./g, '')} without the point.`,
        );
    },
  });
}
