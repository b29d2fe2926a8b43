import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { quoteClock } from '~/lib/admin/quotes.ts';
import { adminText } from '~/lib/admin/strings.ts';

const tones = {
  ok: 'bg-teal-50 text-teal-900',
  soon: 'bg-saffron-100 text-ink',
  late: 'bg-offer-50 text-offer-700',
};

/**
 * The 48-hour promise for this request: while no quote has been sent, the hours since the request
 * came, ticking (amber past 24 hours, red past 48); afterwards, how long the first quote took.
 */
export function QuoteClock({
  createdAt,
  firstQuoteAt,
}: {
  createdAt: string;
  firstQuoteAt: string | null;
}) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (firstQuoteAt) return;
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, [firstQuoteAt]);
  const clock = quoteClock(createdAt, firstQuoteAt, now);
  const hours = Math.floor(clock.hours);
  return (
    <p
      className={`flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold ${tones[clock.tone]}`}
      data-testid="quote-clock"
      data-tone={clock.tone}
    >
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      {clock.sent
        ? adminText('admin.quotes.clockSent', { hours })
        : adminText('admin.quotes.clockWaiting', { hours })}
    </p>
  );
}
