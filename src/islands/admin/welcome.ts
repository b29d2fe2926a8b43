/**
 * The sign-in's welcome (spec: «تم تسجيل الدخول بنجاح» with «مرحباً بك في لوحة الإدارة»), said on the
 * dashboard it leads to: the login page goes there at once (issue 48: no fixed delay before the
 * first usable list) and leaves this note for the dashboard's toaster, which says it once.
 */
const KEY = 'rihla.admin.welcome';

export function noteWelcome(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (a private window's quota): the dashboard simply opens without the notice.
  }
}

/** Whether a sign-in just led here; true once. */
export function takeWelcome(): boolean {
  try {
    const noted = sessionStorage.getItem(KEY) === '1';
    sessionStorage.removeItem(KEY);
    return noted;
  } catch {
    return false;
  }
}
