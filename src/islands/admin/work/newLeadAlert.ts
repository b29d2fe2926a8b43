/**
 * The opt-in alert for new requests (docs/admin.md "Working faster"): a short two-note chime made
 * with the Web Audio API (no sound file) and, when the coordinator allowed it and the tab is hidden,
 * a desktop notification with the patient's name and service. Off by default; the choice is kept
 * in localStorage per browser. Only inserts call it: a new lead comes from a public form, never
 * from a coordinator, so their own saves and everyone's updates stay silent.
 */
import { serviceLabel } from '~/lib/admin/labels.ts';
import type { ContactRequest } from '~/lib/admin/rows.ts';
import { adminText } from '~/lib/admin/strings.ts';

const STORAGE_KEY = 'rihla.admin.newLeadAlert';

export function alertEnabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

let audio: AudioContext | null = null;

/**
 * Turns the alert on or off. Called from the toggle's click: browsers let a page start audio and
 * ask for notifications only inside a user gesture, so the audio context is created here.
 */
export async function setAlertEnabled(
  on: boolean,
): Promise<NotificationPermission | 'unsupported'> {
  localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  if (!on) return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
  if (typeof AudioContext !== 'undefined') {
    audio ??= new AudioContext();
    void audio.resume().catch(() => {});
  }
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'default') return Notification.requestPermission();
  return Notification.permission;
}

/** Two short rising notes (about 0.35 s), quiet enough for an office. */
export function chime(): void {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  const context = audio;
  void context.resume().catch(() => {});
  const start = context.currentTime;
  [660, 880].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = start + index * 0.16;
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.16);
  });
}

/** A request has just arrived: chime, and notify if the tab is hidden and it is allowed. */
export function announceNewLead(row: Partial<ContactRequest>): void {
  if (!alertEnabled()) return;
  chime();
  if (
    document.visibilityState === 'hidden' &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted'
  ) {
    const notification = new Notification(
      adminText('admin.work.alertTitle', { name: row.name ?? '' }),
      {
        body: serviceLabel(row.service),
        lang: 'ar',
        dir: 'rtl',
        tag: `request-${row.id ?? ''}`,
      },
    );
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  }
}

/**
 * A follow-up of the coordinator's has fallen due (work/useFollowUpReminders.ts): when the alert is
 * on, the same chime, and a desktop notification if the tab is hidden and notifications are allowed.
 */
export function announceFollowUp(reminder: { id: string; name: string }): void {
  if (!alertEnabled()) return;
  chime();
  if (
    document.visibilityState === 'hidden' &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted'
  ) {
    const notification = new Notification(
      adminText('admin.followUp.reminder', { name: reminder.name }),
      { lang: 'ar', dir: 'rtl', tag: `follow-up-${reminder.id}` },
    );
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  }
}
