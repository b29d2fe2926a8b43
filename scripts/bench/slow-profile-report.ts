/** The slow profile's section of bench/report.md (figures from ./slow-profile.ts). */
import { readFileSync } from 'node:fs';
import { INNER_FORM_PAGE, TAP_DELAYS_MS, type SlowProfileFigures } from './slow-profile.ts';

/** The slow-profile lines of bench/report.md. */
export function slowProfileMarkdown(figures: SlowProfileFigures): string[] {
  const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')).slowProfile as {
    formButtonsRespondMs: number;
    clickToResponseMs: number;
    arabicFontKB: number;
    fontKB: number;
  };
  const m = figures.median;
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  const p = figures.profile;
  return [
    '## Slow profile',
    '',
    `Chromium with CDP throttling: ${p.downloadKbps} kbps down / ${p.uploadKbps} kbps up, ${p.latencyMs} ms round trip, CPU ×${p.cpuSlowdown}, ${p.viewport.width}×${p.viewport.height}, Arabic, cold cache; median of ${figures.runs} runs (\`npm run bench:slow\` runs this section alone).`,
    '',
    '| Figure | Median | Budget |',
    '| --- | --- | --- |',
    `| Home: first text (FCP) | ${m.fcpMs} ms | |`,
    `| Home: LCP | ${m.lcpMs} ms | |`,
    `| Home: wizard buttons respond | ${m.formButtonsRespondMs} ms | ≤ ${budgets.formButtonsRespondMs} ms ${mark(m.formButtonsRespondMs <= budgets.formButtonsRespondMs)} |`,
    `| Home: form island hydrated | ${m.formHydratedMs} ms | |`,
    `| Home: bytes before the buttons respond | ${(m.bytesBeforeInteraction / 1024).toFixed(1)} KB | |`,
    `| Home: Arabic font bytes (Plex Arabic faces) | ${(m.arabicFontBytes / 1024).toFixed(1)} KB | ≤ ${budgets.arabicFontKB} KB ${mark(m.arabicFontBytes / 1024 <= budgets.arabicFontKB)} |`,
    `| Home: all font bytes (with Plex Latin for digits) | ${(m.fontBytes / 1024).toFixed(1)} KB | ≤ ${budgets.fontKB} KB ${mark(m.fontBytes / 1024 <= budgets.fontKB)} |`,
    `| Offer: click on "سجل الآن" → dialog visible | ${m.offerClickToDialogMs} ms | ≤ ${budgets.clickToResponseMs} ms ${mark(m.offerClickToDialogMs <= budgets.clickToResponseMs)} |`,
    `| Offer: dialog fields take typing at once | ${m.offerFieldsTypeable ? 'yes' : 'no'} | yes ${mark(m.offerFieldsTypeable)} |`,
    ...TAP_DELAYS_MS.map((delay, i) => {
      const ms = m.offerTapToPaintMs?.[i] ?? Number.NaN;
      return `| Offer: tap ${delay} ms after the trigger shows → dialog painted (press → painted frame, in the page) | ${ms} ms | ≤ ${budgets.clickToResponseMs} ms ${mark(ms <= budgets.clickToResponseMs)} |`;
    }),
    ...(
      [
        ['Offer: "سجل الآن" click → next paint (Event Timing)', m.offerClickToResponseMs],
        ['Home: "التالي" click → next paint (Event Timing)', m.homeNextClickToResponseMs],
        [
          `${INNER_FORM_PAGE}: consultation "send" click → next paint (Event Timing)`,
          m.innerSendClickToResponseMs,
        ],
      ] as const
    ).map(
      ([label, ms]) =>
        `| ${label} | ${ms} ms | ≤ ${budgets.clickToResponseMs} ms ${mark(ms <= budgets.clickToResponseMs)} |`,
    ),
    '',
  ];
}
