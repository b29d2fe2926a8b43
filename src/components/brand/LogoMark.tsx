/**
 * The Rihla Care mark: a journey arc over a care cross, in the brand teal and saffron. Plain SVG so
 * the header island and the static footer share it without shipping an image request.
 */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="11" fill="#0f5f6b" />
      <path
        d="M9 27c4-10 18-15 24-9"
        fill="none"
        stroke="#e0a040"
        strokeWidth="3.2"
        strokeLinecap="round"
      />
      <circle cx="33" cy="18" r="2.6" fill="#e0a040" />
      <path d="M17.5 19h5v4.5H27v5h-4.5V33h-5v-4.5H13v-5h4.5z" fill="#fff" />
    </svg>
  );
}
