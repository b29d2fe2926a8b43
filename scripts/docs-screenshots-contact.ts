/**
 * The screenshots of issue 32 in docs/admin.md (WhatsApp and calls, the first contact, templates,
 * first contact and routing, the speed-to-lead report), taken by `npm run docs:screenshots` with the
 * helpers of scripts/docs-screenshots.ts, on the same fresh stack and small inbox.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface ShotHelpers {
  cli: (...args: string[]) => void;
  rest: (path: string, init: RequestInit) => Promise<unknown>;
  signIn: (browser: Browser, username: string) => Promise<{ context: BrowserContext; page: Page }>;
  site: string;
  owner: string;
  coordinator: string;
  /** The coordinator's display name, which the screens show instead of the username. */
  coordinatorName: string;
  password: string;
}

const SECOND = 'huda.coordinator';
const SECOND_NAME = 'هدى';
/** New patients routed in turn to the two coordinators while routing is on. */
const ROUTED: [string, string, 'ar' | 'en'][] = [
  ['ليلى حداد', '966501230001', 'ar'],
  ['عمر السيد', '966501230002', 'ar'],
  ['نور الهدى', '966501230003', 'ar'],
  ['سامي خليل', '966501230004', 'ar'],
  ['هدى منصور', '966501230005', 'ar'],
];
type Row = { id: string; name: string };

/** Waits until the switch `selector` is `checked` and no longer waiting for the database. */
async function settled(page: Page, selector: string, checked = true): Promise<void> {
  await page.waitForFunction(
    ([css, state]) => {
      const box = document.querySelector<HTMLInputElement>(css);
      return box !== null && box.checked === state && !box.disabled;
    },
    [selector, checked] as const,
  );
}

/** A tel: link would wait for a dialler Chromium has not got; the page keeps the click only. */
async function withoutDialler(context: BrowserContext): Promise<void> {
  await context.addInitScript(() =>
    document.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element | null)?.closest?.('a[href^="tel:"]')) event.preventDefault();
      },
      true,
    ),
  );
}

export function contactShots(
  help: ShotHelpers,
): Record<string, (browser: Browser) => Promise<void>> {
  /** The patients of ROUTED as the forms store them (routed, while the owner's routing is on). */
  const arrive = () =>
    help.rest('/rest/v1/offer_leads', {
      method: 'POST',
      body: JSON.stringify(
        ROUTED.map(([name, phone, language]) => ({
          name,
          phone,
          country_code: '+966',
          service: 'dental-implants',
          source: '/',
          language,
        })),
      ),
    });
  /** Their requests, in the order above (stored now if `--only` skipped the routing shot). */
  const routed = async (): Promise<Row[]> => {
    const read = async () =>
      (await help.rest('/rest/v1/contact_requests?select=id,name&deleted_at=is.null', {
        method: 'GET',
      })) as Row[];
    let rows = await read();
    if (!rows.some((row) => row.name === ROUTED[0]![0])) {
      await arrive();
      rows = await read();
    }
    return ROUTED.map(([name]) => rows.find((row) => row.name === name)!);
  };
  const patch = (id: string, body: Record<string, unknown>) =>
    help.rest(`/rest/v1/contact_requests?id=eq.${id}`, {
      method: 'PATCH',
      body: JSON.stringify(body),
    });
  return {
    async 'admin-first-contact'(browser) {
      help.cli('create', SECOND, '--role', 'coordinator', '--password', help.password);
      help.cli('profile', SECOND, '--name', SECOND_NAME);
      const { context, page } = await help.signIn(browser, help.owner);
      await page.goto(`${help.site}/admin/first-contact`);
      const rows = page.getByTestId('routing-staff-row');
      // Each row names its person as the screens do: the display name.
      for (const name of [help.coordinatorName, SECOND_NAME]) {
        await rows.filter({ hasText: name }).getByRole('switch').check();
        await settled(page, `[aria-label="مناوبة ${name}"]`);
      }
      await page.getByTestId('routing-by_language').check();
      await settled(page, '[data-testid=routing-by_language]');
      await page.getByTestId('routing-enabled').check();
      await settled(page, '[data-testid=routing-enabled]');
      await arrive();
      await page.reload();
      await page.getByTestId('routing-staff').waitFor();
      await page.screenshot({ path: 'docs/admin-first-contact.png', fullPage: true });
      await page.getByTestId('routing-enabled').uncheck();
      await settled(page, '[data-testid=routing-enabled]', false);
      await context.close();
    },
    async 'admin-team-report'(browser) {
      // Yesterday's requests, contacted 4, 11, 35 and 90 minutes after they came, one never.
      const waits = [4, 11, 35, 90, null];
      const rows = await routed();
      const morning = new Date();
      morning.setUTCDate(morning.getUTCDate() - 1);
      for (const [index, wait] of waits.entries()) {
        const created = new Date(morning);
        created.setUTCHours(8, index * 7, 0, 0);
        await patch(rows[index]!.id, {
          created_at: created.toISOString(),
          first_contact_due_at: new Date(created.getTime() + 15 * 60_000).toISOString(),
          first_contacted_at: wait === null ? null : new Date(created.getTime() + wait * 60_000),
          status: index === 0 ? 'completed' : wait === null ? 'new' : 'in_progress',
        });
      }
      const { context, page } = await help.signIn(browser, help.owner);
      await page.goto(`${help.site}/admin/team-report`);
      await page.getByTestId('speed-agency').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: 'docs/admin-team-report.png', fullPage: true });
      await context.close();
    },
    async 'admin-templates'(browser) {
      const { context, page } = await help.signIn(browser, help.owner);
      await page.goto(`${help.site}/admin/templates`);
      await page.getByRole('button', { name: 'تعديل القالب: التواصل الأول' }).click();
      await page.getByTestId('template-editor').waitFor();
      await page.screenshot({ path: 'docs/admin-templates.png' });
      await context.close();
    },
    async 'admin-first-contact-late'(browser) {
      const late = (await routed()).at(-1)!;
      await patch(late.id, {
        first_contact_due_at: new Date(Date.now() - 60_000).toISOString(),
        assigned_to: null,
      });
      const { context, page } = await help.signIn(browser, help.coordinator);
      await page.locator('[data-sonner-toast]').first().waitFor({ timeout: 30_000 });
      const card = page.getByTestId('request-card').filter({ hasText: late.name });
      await card.getByTestId('first-contact-overdue').waitFor();
      await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: 'docs/admin-first-contact-late.png' });
      await context.close();
    },
    async 'admin-whatsapp'(browser) {
      const { context, page } = await help.signIn(browser, help.coordinator);
      await withoutDialler(context);
      const name = (await routed())[2]!.name;
      const card = page.getByTestId('request-card').filter({ hasText: name });
      await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await card.getByRole('button', { name: `مراسلة ${name} على واتساب` }).click();
      await card.getByTestId('template-send').first().waitFor();
      await page.screenshot({ path: 'docs/admin-whatsapp.png' });
      await context.close();
    },
  };
}
