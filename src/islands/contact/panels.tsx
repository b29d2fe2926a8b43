import type { ReactNode } from 'react';

/** The consultation form's end states. */

/** Once the lead is stored: stays readable until /thank-you opens. */
export function SuccessPanel({
  toasts,
  title,
  text,
  redirecting,
}: {
  toasts: ReactNode;
  title: string;
  text: string;
  redirecting: string;
}) {
  return (
    <div
      className="rounded-(--radius-card) bg-white p-8 text-center shadow-(--shadow-card)"
      role="status"
      data-testid="lead-success"
    >
      {toasts}
      <p
        className="mx-auto mb-4 grid size-16 place-items-center rounded-full bg-teal-50 text-3xl text-teal-700"
        aria-hidden="true"
      >
        ✓
      </p>
      <h3 className="text-2xl font-bold">{title}</h3>
      <p className="mt-3 text-muted">{text}</p>
      <p className="mt-4 text-sm text-muted">{redirecting}</p>
    </div>
  );
}

/** Sending failed: what was typed is kept; WhatsApp with the typed details is offered. */
export function FailurePanel({
  title,
  text,
  link,
  href,
}: {
  title: string;
  text: string;
  link: string;
  href: string;
}) {
  return (
    <div
      className="mt-6 rounded-2xl border border-offer-600/30 bg-sand-50 p-4"
      data-testid="lead-fallback"
    >
      <p className="font-bold text-offer-700">{title}</p>
      <p className="mt-1 text-sm text-muted">{text}</p>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="btn btn-whatsapp mt-3 min-h-11 text-sm"
      >
        {link}
      </a>
    </div>
  );
}
