import {
  BarChart3,
  Gauge,
  Hospital,
  LayoutList,
  LogOut,
  Menu,
  MessageSquareText,
  MessageSquareQuote,
  Route,
  Trash2,
  Users,
} from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { LogoMark } from '~/components/brand/LogoMark.tsx';
import type { Draft } from '~/lib/admin/drafts.ts';
import { adminText } from '~/lib/admin/strings.ts';
import { useStaffRole } from './bin/useStaffRole.ts';
import {
  BIN_PATH,
  CAMPAIGNS_PATH,
  CLINICS_PATH,
  DASHBOARD_PATH,
  logout,
  OFFER_LEADS_PATH,
  rememberedUsername,
} from './session.ts';
import { DESK_PATHS } from './desk/paths.ts';
import { SignOutDialog } from './SignOutDialog.tsx';
import { forgetDrafts, pendingDrafts, saveQuoteCopies } from './signOut.ts';
import type { LiveStatus } from './useLiveTable.ts';

interface AdminHeaderProps {
  title: string;
  /** Which screen this is: the other ones get the navigation links. */
  screen: 'dashboard' | 'offer-leads' | 'campaigns' | 'bin' | 'clinics' | keyof typeof DESK_PATHS;
  /** The live connection's state; a screen without one (the bin) shows none. */
  live?: LiveStatus;
}

/**
 * Signing out. Nothing typed stays only on this computer: quotes still there are saved (or signing
 * out stops and says so), then the request drafts are saved or discarded in SignOutDialog.
 */
function useSignOut() {
  const [leaving, setLeaving] = useState(false);
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const signOut = async () => {
    setLeaving(true);
    const unsaved = await saveQuoteCopies();
    if (unsaved > 0) {
      setLeaving(false);
      toast.error(adminText('admin.quotes.signOutUnsaved', { count: unsaved }));
      return;
    }
    const waiting = pendingDrafts();
    if (waiting.length > 0) {
      setLeaving(false);
      return setDrafts(waiting);
    }
    void logout(forgetDrafts);
  };
  return { leaving, drafts, setDrafts, signOut };
}

/** The other screens' buttons in the header (the bin only for owners). */
function screenLinks(screen: string | undefined, owner: boolean) {
  return [
    {
      screen: 'dashboard',
      href: DASHBOARD_PATH,
      label: adminText('admin.leads.back'),
      Icon: LayoutList,
    },
    {
      screen: 'offer-leads',
      href: OFFER_LEADS_PATH,
      label: adminText('admin.header.offerLeads'),
      Icon: Users,
    },
    {
      screen: 'campaigns',
      href: CAMPAIGNS_PATH,
      label: adminText('admin.campaigns.nav'),
      Icon: BarChart3,
    },
    {
      screen: 'clinics',
      href: CLINICS_PATH,
      label: adminText('admin.clinics.nav'),
      Icon: Hospital,
    },
    // Issue 32: templates, first contact and routing, the speed-to-lead report.
    {
      screen: 'templates',
      href: DESK_PATHS.templates,
      label: adminText('admin.nav.templates'),
      Icon: MessageSquareText,
    },
    {
      screen: 'first-contact',
      href: DESK_PATHS['first-contact'],
      label: adminText('admin.nav.firstContact'),
      Icon: Route,
    },
    {
      screen: 'team-report',
      href: DESK_PATHS['team-report'],
      label: adminText('admin.nav.report'),
      Icon: Gauge,
    },
    {
      screen: 'reviews',
      href: DESK_PATHS.reviews,
      label: adminText('admin.reviews.nav'),
      Icon: MessageSquareQuote,
    },
    // Only owners have a bin to open (the database refuses anyone else's bin_page).
    ...(owner
      ? [{ screen: 'bin', href: BIN_PATH, label: adminText('admin.bin.title'), Icon: Trash2 }]
      : []),
  ].filter((link) => link.screen !== screen);
}

/** The back office's header: title, greeting, the other screen, live state, logout. */
export function AdminHeader({ title, screen, live }: AdminHeaderProps) {
  const [username] = useState(rememberedUsername);
  const { leaving, drafts, setDrafts, signOut } = useSignOut();
  const owner = useStaffRole() === 'owner';
  const [menu, setMenu] = useState(false);
  const uid = useId();
  const links = screenLinks(screen, owner);
  return (
    <header className="border-b border-sand-200 bg-white">
      <div className="container-page flex flex-wrap items-center gap-x-6 gap-y-2 py-3">
        <div className="flex min-w-0 flex-1 items-center gap-3 sm:min-w-72">
          <LogoMark className="size-10 shrink-0" />
          <div className="min-w-0">
            <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
            <p className="text-sm text-muted">
              <span dir="auto">
                {username
                  ? adminText('admin.header.greeting', { name: username })
                  : adminText('admin.header.greetingAnonymous')}
              </span>
              {live && (
                <>
                  <span className="mx-2" aria-hidden="true">
                    ·
                  </span>
                  <span
                    className="inline-flex items-center gap-1.5"
                    role="status"
                    data-testid="live-status"
                    data-live={live}
                  >
                    <span
                      aria-hidden="true"
                      className={`size-2 rounded-full ${live === 'live' ? 'bg-whatsapp' : live === 'offline' ? 'bg-offer-600' : 'bg-saffron-400'}`}
                    />
                    {live === 'offline'
                      ? adminText('admin.header.offline')
                      : adminText('admin.header.live')}
                  </span>
                </>
              )}
            </p>
          </div>
        </div>
        {/* On a phone the screens fold behind «القائمة» (eight buttons would take four rows above
            the requests, issue 41); from sm up they are always shown. */}
        <button
          type="button"
          className="btn btn-ghost min-h-11 px-4 py-2 text-sm sm:hidden"
          aria-expanded={menu}
          aria-controls={`${uid}-nav`}
          onClick={() => setMenu(!menu)}
          data-testid="admin-menu"
        >
          <Menu className="size-4" aria-hidden="true" />
          {adminText('admin.shell.menu')}
        </button>
        <nav
          id={`${uid}-nav`}
          className={`flex flex-wrap items-center gap-2 ${menu ? 'max-sm:w-full' : 'max-sm:hidden'}`}
          aria-label={title}
        >
          {links.map((link) => (
            <a
              key={link.href}
              href={link.href}
              className="btn btn-ghost min-h-11 px-4 py-2 text-sm"
            >
              <link.Icon className="size-4" aria-hidden="true" />
              {link.label}
            </a>
          ))}
          <button
            type="button"
            className="btn btn-ghost min-h-11 px-4 py-2 text-sm"
            disabled={leaving}
            onClick={() => void signOut()}
          >
            <LogOut className="size-4 flip-rtl" aria-hidden="true" />
            {adminText('admin.header.logout')}
          </button>
        </nav>
      </div>
      {drafts && <SignOutDialog drafts={drafts} onStay={() => setDrafts(null)} />}
    </header>
  );
}
