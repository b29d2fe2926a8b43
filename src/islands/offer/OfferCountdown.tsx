import { useEffect, useState } from 'react';
import { remainingUntil, type Remaining } from '~/lib/countdown.ts';

export interface OfferCountdownProps {
  endsAt: string;
  labels: { days: string; hours: string; minutes: string; seconds: string };
  /** The sticky bar or the larger block lower on the page. */
  variant: 'bar' | 'block';
  /** Remaining time as computed at build time, so the HTML shows numbers before hydration. */
  initial: Remaining;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The live countdown to the offer's end, ticking every second. The ticking digits are hidden from
 * screen readers (the page states the end date once in text) so they are not flooded.
 */
export default function OfferCountdown({ endsAt, labels, variant, initial }: OfferCountdownProps) {
  const end = Date.parse(endsAt);
  const [left, setLeft] = useState<Remaining>(initial);

  useEffect(() => {
    const tick = () => {
      const next = remainingUntil(end, Date.now());
      setLeft(next);
      return next.ended;
    };
    if (tick()) return;
    const timer = window.setInterval(() => {
      if (tick()) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [end]);

  const units = [
    [left.days, labels.days],
    [left.hours, labels.hours],
    [left.minutes, labels.minutes],
    [left.seconds, labels.seconds],
  ] as const;
  const bar = variant === 'bar';
  return (
    <div
      aria-hidden="true"
      className={`flex gap-2 ${bar ? '' : 'justify-center sm:gap-4'}`}
      data-countdown={variant}
    >
      {units.map(([value, label]) => (
        <div
          key={label}
          className={
            bar
              ? 'min-w-11 rounded-lg bg-white/15 px-1.5 py-0.5 text-center leading-tight'
              : 'min-w-18 rounded-2xl bg-white px-3 py-3 text-center text-offer-700 shadow-(--shadow-card)'
          }
        >
          <span
            className={`block font-bold tabular-nums ${bar ? 'text-lg' : 'text-3xl sm:text-4xl'}`}
            data-unit
          >
            {pad(value)}
          </span>
          <span className={`block ${bar ? 'text-[0.7rem]' : 'text-sm text-ink'}`}>{label}</span>
        </div>
      ))}
    </div>
  );
}
