/**
 * Two owners on the first-contact settings (issue 41), in Debian Chromium against the real local
 * stack: both open /admin/first-contact; the first saves; the second's save, made on the settings
 * as they were before, is refused saying who saved them and when, and what the second typed stays
 * in the form. Both save the values as they are, so no other spec's thresholds move.
 */
import { expect, test, type Browser } from '@playwright/test';
import { createAdmin, login } from './staff.ts';

async function settingsPage(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, username);
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  await page.goto('/admin/first-contact');
  await expect(page.getByRole('button', { name: 'حفظ الساعات والمهل' })).toBeEnabled({
    timeout: 15_000,
  });
  return { context, page };
}

test("an owner's save over settings another owner saved since is refused, saying who", async ({
  browser,
}) => {
  const firstOwner = createAdmin('hoursa');
  const first = await settingsPage(browser, firstOwner);
  const second = await settingsPage(browser, createAdmin('hoursb'));
  const minutes = second.page.getByLabel('المهلة الأولى (دقائق عمل)');
  const typed = await minutes.inputValue();

  await first.page.getByRole('button', { name: 'حفظ الساعات والمهل' }).click();
  await expect(first.page.getByText('حُفظت الساعات والمهل.')).toBeVisible();

  // The second owner retypes the same threshold (nothing moves for other specs) and saves.
  await minutes.fill(typed);
  await second.page.getByRole('button', { name: 'حفظ الساعات والمهل' }).click();
  const problem = second.page.getByText(/لم تُحفظ الإعدادات/);
  await expect(problem).toBeVisible({ timeout: 10_000 });
  await expect(problem).toContainText('بعد أن فتحتَه');
  // Who saved them (the first owner, unless another spec's owner saved in between) and when.
  await expect(problem).toContainText(/غيّره \S+ في /);
  await expect(second.page.getByText('حُفظت الساعات والمهل.')).toHaveCount(0);
  await expect(minutes).toHaveValue(typed);
  await first.context.close();
  await second.context.close();
});
