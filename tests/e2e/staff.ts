/** Staff accounts for browser tests: made with the admin CLI through the running e2e server. */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';

export const dataDir = process.env['E2E_DATA_DIR'] ?? '.data/e2e';
export const PASSWORD = 'a long test password';

/**
 * Creates a staff account with the CLI (through the running e2e server) and returns its username:
 * an owner unless `role` says otherwise (owners may do everything, as every admin could before roles).
 */
export function createAdmin(prefix: string, role: 'owner' | 'coordinator' = 'owner'): string {
  const username = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
  execFileSync(
    process.execPath,
    [
      'scripts/admin.ts',
      'create',
      username,
      '--role',
      role,
      '--password',
      PASSWORD,
      '--data-dir',
      dataDir,
    ],
    { stdio: 'pipe' },
  );
  return username;
}

export function adminCli(...args: string[]) {
  execFileSync(process.execPath, ['scripts/admin.ts', ...args, '--data-dir', dataDir], {
    stdio: 'pipe',
  });
}

/** Signs in through the login page (the spec's flow: sign out, anonymous sign-in, admin_login). */
export async function login(page: Page, username: string, password = PASSWORD) {
  await page.goto('/admin/login');
  await page.getByLabel('اسم المستخدم').fill(username);
  await page.getByLabel('كلمة المرور').fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
}
