/**
 * A shared office computer keeps nothing after sign-out (issue 25): Debian Chromium on a
 * persistent profile (a real user-data-dir on disk, as an office browser has), a coordinator
 * reads the dashboard, types a note with a passport number, signs out discarding it. Afterwards no
 * file of the profile holds the patient's name (HTTP cache, storage, session files), the site's
 * storage holds no draft, and the database never got the discarded note. Saving on sign-out is the other choice. And an
 * open dashboard leaves its staff channel on any auth change, here a sign-out in another tab.
 */
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '../../playwright.config.ts';
import { storedRequest, uniqueName } from './backend.ts';
import { insertLeads, openDashboard, openRequest } from './coordinator.ts';

const sitePort = Number(process.env['E2E_SITE_PORT'] ?? 4329);

/** Every file under `dir` that contains `needle` in UTF-8 or UTF-16 (how Chromium stores strings). */
function filesHolding(dir: string, needle: string): string[] {
  const forms = [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le')];
  const found: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      let info;
      try {
        info = statSync(full);
      } catch {
        continue;
      }
      if (info.isDirectory()) walk(full);
      else if (info.isFile()) {
        const bytes = readFileSync(full);
        if (forms.some((form) => bytes.includes(form))) found.push(full);
      }
    }
  };
  walk(dir);
  return found;
}

async function persistentBrowser(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath,
    baseURL: `http://127.0.0.1:${sitePort}`,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
}

test.describe('signing out of a shared computer', () => {
  test.describe.configure({ mode: 'parallel', timeout: 150_000 });

  test('discarding: no patient name anywhere in the profile on disk, no draft in its storage', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rihla-profile-'));
    try {
      // A Latin token in the name finds it however a file encodes Arabic.
      const token = `Zq${Math.random().toString(36).slice(2, 10)}`;
      const name = `${uniqueName('مشترك')} ${token}`;
      const passport = `P${Math.floor(1e7 + Math.random() * 9e7)}X`;
      await insertLeads([name]);
      const context = await persistentBrowser(dir);
      const page = context.pages()[0] ?? (await context.newPage());
      await openDashboard(page, 'shared');
      const dialog = await openRequest(page, name);
      await dialog.getByLabel('ملاحظات الإدارة').fill(`جواز السفر ${passport}`);
      await dialog.getByRole('button', { name: 'إلغاء', exact: true }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
      const ask = page.getByTestId('sign-out-dialog');
      await expect(ask).toContainText('لديك تعديلات غير محفوظة على طلب واحد');
      await ask.getByRole('button', { name: 'تجاهلها والخروج' }).click();
      await expect(page).toHaveURL(/\/admin\/login\?reason=signedOut$/, { timeout: 15_000 });
      expect(await page.evaluate(() => Object.keys(localStorage))).not.toContainEqual(
        expect.stringContaining('draft'),
      );
      const kept = await page.evaluate(() =>
        JSON.stringify([{ ...localStorage }, { ...sessionStorage }]),
      );
      expect(kept).not.toContain(passport);
      await context.close();

      expect(filesHolding(dir, token)).toEqual([]);
      // The discarded note is gone from the site's storage (checked above). Its bytes can still
      // sit in Chromium's LevelDB log of Local Storage until the engine compacts it: a deleted key
      // is a tombstone there (docs/decisions.md, issue 25), so the disk is searched for the name.
      expect((await storedRequest(name)).notes).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('saving: the note reaches the database, then nothing of it stays', async ({ page }) => {
    const name = uniqueName('حفظ عند الخروج');
    await insertLeads([name]);
    await openDashboard(page, 'leaver');
    const dialog = await openRequest(page, name);
    await dialog.getByLabel('ملاحظات الإدارة').fill('سيرسل الجواز غداً');
    await dialog.getByRole('button', { name: 'إلغاء', exact: true }).click();
    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page
      .getByTestId('sign-out-dialog')
      .getByRole('button', { name: 'حفظها ثم الخروج' })
      .click();
    await expect(page).toHaveURL(/\/admin\/login\?reason=signedOut$/, { timeout: 15_000 });
    expect((await storedRequest(name)).notes).toBe('سيرسل الجواز غداً');
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('draft'))),
    ).toEqual([]);

    // The signed-out page can clear the rest of the site's data.
    const cleared = page.waitForResponse((answer) => answer.url().includes('/admin/login/cleared'));
    await page.getByRole('button', { name: 'مسح بيانات الموقع من هذا المتصفح' }).click();
    // The page it opens asks the browser to drop the site's HTTP cache and storage too.
    expect((await (await cleared).allHeaders())['clear-site-data']).toBe('"cache", "storage"');
    await expect(page.getByTestId('site-data-cleared')).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});

// The channel ends whichever comes first: this tab leaves on the auth change (phx_leave); it goes to
// the login page on the same change, which closes the socket (under load the navigation can win the
// race, and then there is nothing left to leave); or the server, re-checking the signed-out
// session, closes the channel (phx_close). Leaving the dashboard's document is counted as such: the
// browser closes a page's sockets with it, but Chromium does not always report that close to
// Playwright (a gate run saw the tab on the login page and no frame or close event).
test('signing out in another tab ends this one’s staff channel at once', async ({ page }) => {
  const ended: string[] = [];
  const staffTopic = (text: string) => text.includes('staff:contact_requests');
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString();
      if (text.includes('phx_leave') && staffTopic(text)) ended.push(text);
    });
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString();
      if (text.includes('phx_close') && staffTopic(text)) ended.push(text);
    });
    socket.on('close', () => ended.push('socket closed'));
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname.startsWith('/admin/login'))
      ended.push('left the dashboard for the login page');
  });
  await openDashboard(page, 'leaving');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-live', 'live', {
    timeout: 15_000,
  });
  // The same browser, a second tab: signing out there is an auth change here.
  const other = await page.context().newPage();
  await other.goto('/admin/dashboard');
  await expect(other.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  await other.getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(other).toHaveURL(/reason=signedOut/, { timeout: 15_000 });
  await expect.poll(() => ended.length, { timeout: 10_000 }).toBeGreaterThan(0);
  // The second tab is this test's own: it closes it, so the fixture's teardown has only `page` to
  // close (one CI run, on a loaded machine, spent the rest of its 180 s tearing the context down).
  await other.close();
});
