import { useEffect, useRef, useState } from 'react';
import { LogoMark } from '~/components/brand/LogoMark.tsx';

export interface HeaderLink {
  href: string;
  label: string;
}

export interface HeaderProps {
  brand: string;
  homeHref: string;
  links: HeaderLink[];
  cta: HeaderLink;
  /** The same page in the other language. */
  alternate: HeaderLink & { lang: 'ar' | 'en'; title: string };
  strings: {
    navLabel: string;
    menu: string;
    menuOpen: string;
    menuClose: string;
    logoHome: string;
  };
  storageKey: string;
}

/** Menu and close icons drawn inline: the header ships on every page, so it avoids an icon runtime. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      {open ? <path d="M18 6 6 18M6 6l12 12" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
    </svg>
  );
}

/** Scroll distances from the spec: hide only after 100px going down; always show near the top. */
const HIDE_AFTER_PX = 100;
const ALWAYS_SHOW_PX = 10;

/**
 * The site header. Its server-rendered HTML works without JavaScript (plain links, a <details> menu);
 * once hydrated it hides while the reader scrolls down and manages the mobile menu's focus.
 */
export default function Header(props: HeaderProps) {
  const { brand, homeHref, links, cta, alternate, strings, storageKey } = props;
  const [hidden, setHidden] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let lastY = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const focusInside = headerRef.current?.contains(document.activeElement) ?? false;
      if (y <= ALWAYS_SHOW_PX || y < lastY || focusInside) setHidden(false);
      else if (y > lastY && y > HIDE_AFTER_PX) setHidden(true);
      lastY = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    setHidden(false);
    menuRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      summaryRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);

  const rememberLanguage = () => {
    try {
      localStorage.setItem(storageKey, alternate.lang);
    } catch {
      // Private mode without storage: the link still works, the choice is just not remembered.
    }
  };

  const navList = (onNavigate?: () => void) => (
    <ul className="flex flex-col gap-1 lg:flex-row lg:items-center">
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            onClick={onNavigate}
            className="block rounded-lg px-3 py-2 font-medium text-ink hover:bg-teal-50 hover:text-teal-800"
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );

  return (
    <header
      ref={headerRef}
      data-hidden={hidden}
      className="fixed inset-x-0 top-0 z-40 border-b border-sand-200 bg-white transition-transform duration-300 data-[hidden=true]:-translate-y-full motion-reduce:transition-none"
    >
      <div className="container-page flex h-16 items-center gap-3">
        <a
          href={homeHref}
          className="flex shrink-0 items-center gap-2"
          aria-label={strings.logoHome}
        >
          <LogoMark />
          <span className="text-lg font-bold text-teal-900">{brand}</span>
        </a>
        <nav aria-label={strings.navLabel} className="ms-4 hidden lg:block">
          {navList()}
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <a
            href={alternate.href}
            hrefLang={alternate.lang}
            lang={alternate.lang}
            title={alternate.title}
            onClick={rememberLanguage}
            // On English pages the one Arabic word uses the system's Arabic font, so the page does
            // not download a 40 KB web font for it.
            className={`rounded-full px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 ${
              alternate.lang === 'ar' ? 'font-[system-ui,sans-serif]' : ''
            }`}
          >
            {alternate.label}
          </a>
          <a
            href={cta.href}
            className="btn btn-accent hidden min-h-10 px-4 py-2 text-sm sm:inline-flex"
          >
            {cta.label}
          </a>
          <details
            className="lg:hidden"
            open={menuOpen}
            onToggle={(event) => setMenuOpen(event.currentTarget.open)}
          >
            <summary
              ref={summaryRef}
              aria-label={menuOpen ? strings.menuClose : strings.menuOpen}
              className="grid size-11 place-items-center rounded-full text-teal-900 hover:bg-teal-50"
            >
              <MenuIcon open={menuOpen} />
            </summary>
            <div
              ref={menuRef}
              className="absolute inset-x-0 top-16 border-b border-sand-200 bg-white px-4 pt-2 pb-5 shadow-(--shadow-lift)"
            >
              <nav aria-label={strings.menu}>{navList(() => setMenuOpen(false))}</nav>
              <a
                href={cta.href}
                onClick={() => setMenuOpen(false)}
                className="btn btn-accent mt-3 w-full"
              >
                {cta.label}
              </a>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
