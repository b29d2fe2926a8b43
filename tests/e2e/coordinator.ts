/** Shared steps of the coordinator-losses specs (issue 25): leads, a signed-in dashboard, a request. */
import { expect, type Locator, type Page } from '@playwright/test';
import { serviceClient } from './backend.ts';
import { createAdmin, login } from './staff.ts';

export function uniquePhone(): string {
  return `9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export async function insertLeads(names: string[]) {
  const { error } = await serviceClient.from('offer_leads').insert(
    names.map((name) => ({
      name,
      phone: uniquePhone(),
      country_code: '+966',
      country: 'السعودية',
      service: 'dental-implants' as const,
      source: '/',
    })),
  );
  if (error) throw new Error(`insert leads: ${error.message}`);
}

/** Signs a new staff account in and waits for the dashboard; returns its username. */
export async function openDashboard(page: Page, prefix = 'keep'): Promise<string> {
  const username = createAdmin(prefix);
  await login(page, username);
  await expect(page).toHaveURL(/\/admin\/dashboard\/?$/, { timeout: 15_000 });
  await expect(page.getByTestId('showing')).toBeVisible({ timeout: 15_000 });
  return username;
}

export const search = (page: Page) => page.getByRole('searchbox', { name: 'بحث' });

export async function openRequest(page: Page, name: string) {
  await search(page).fill(name);
  await page.getByRole('button', { name: `فتح تفاصيل طلب ${name}` }).click();
  const dialog = page.getByTestId('request-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A colleague's staff id, as the dialog's assignee choice lists it. */
export async function staffId(dialog: Locator, username: string): Promise<string> {
  const option = dialog.getByLabel('مسند إلى').locator('option', { hasText: username });
  return (await option.getAttribute('value')) ?? '';
}

/** A colleague's change, made straight in the database (it bumps the version like any save). */
export async function colleagueUpdates(name: string, changes: Record<string, unknown>) {
  const { error } = await serviceClient.from('contact_requests').update(changes).eq('name', name);
  if (error) throw new Error(`colleague update: ${error.message}`);
}
