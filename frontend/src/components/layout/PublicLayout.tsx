import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { cn } from '@/lib/cn';
import { LogoMark } from './Logo';

const navLinks = [
  { label: 'Features', to: paths.features.getHref() },
  { label: 'Pricing', to: paths.pricing.getHref() },
  { label: 'About', to: paths.about.getHref() },
  { label: 'Blog', to: paths.blog.list.getHref() },
] as const;

const footerLinks = {
  Product: [
    { label: 'Features', to: paths.features.getHref() },
    { label: 'Pricing', to: paths.pricing.getHref() },
    { label: 'Dashboard', to: paths.app.dashboard.getHref() },
    { label: 'Upgrade', to: paths.app.subscribe.getHref() },
  ],
  Company: [
    { label: 'About Us', to: paths.about.getHref() },
    { label: 'Sign In', to: paths.auth.login.getHref() },
  ],
  Resources: [
    { label: 'Blog', to: paths.blog.list.getHref() },
    { label: 'Contact Us', to: paths.contact.getHref() },
  ],
} as const;

/** Go to Dashboard when signed in; Log in and Sign up (both /login) when not; nothing while unknown. */
function AccountActions({
  className,
  onNavigate,
  stacked = false,
}: {
  className?: string;
  onNavigate?: () => void;
  /** In the mobile menu: full-width buttons, Log in outlined. */
  stacked?: boolean;
}) {
  const { data: user, isPending } = useUser();
  if (isPending) return <div className={cn('h-9', className)} aria-hidden="true" />;
  if (user) {
    return (
      <div className={className}>
        <Button asChild>
          <Link to={paths.app.dashboard.getHref()} onClick={onNavigate}>
            Go to Dashboard
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <div className={className}>
      <Button asChild variant={stacked ? 'outline' : 'ghost'}>
        <Link to={paths.auth.login.getHref()} onClick={onNavigate}>
          Log in
        </Link>
      </Button>
      <Button asChild>
        <Link to={paths.auth.login.getHref()} onClick={onNavigate}>
          Sign up
        </Link>
      </Button>
    </div>
  );
}

function Brand() {
  return (
    <div className="flex items-center gap-2.5">
      <Link to={paths.home.getHref()} className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight">
        <LogoMark />
        <span>Kerf</span>
      </Link>
      <Badge variant="outline" className="border-primary/30 bg-accent text-accent-foreground">
        Alpha
      </Badge>
    </div>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

/**
 * The shared layout of the public pages (SPEC §2): top navigation with the
 * Alpha badge and account actions, a menu that toggles under 768 px, and the footer.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const closeMenu = () => setMenuOpen(false);

  // A new page closes the menu; so does Escape.
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Brand />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {navLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <AccountActions className="hidden min-w-44 items-center justify-end gap-2 md:flex" />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-5" /> : <Menu className="size-5" />}
          </Button>
        </div>
        <div id={menuId} hidden={!menuOpen} className="border-t bg-background md:hidden">
          <nav aria-label="Mobile" className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
            {navLinks.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                onClick={closeMenu}
                className={(state) => cn(navLinkClass(state), 'py-2.5 text-base')}
              >
                {link.label}
              </NavLink>
            ))}
            <AccountActions className="mt-2 grid grid-cols-1 gap-2 border-t pt-3" onNavigate={closeMenu} stacked />
          </nav>
        </div>
      </header>

      <main id="main" className="flex-1">
        {children}
      </main>

      <footer className="border-t bg-slate-950 text-slate-300">
        <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
          <div className="col-span-2 space-y-3 sm:col-span-3 md:col-span-1">
            <Link to={paths.home.getHref()} className="flex items-center gap-2 text-lg font-bold text-white">
              <LogoMark />
              <span>Kerf</span>
            </Link>
            <p className="max-w-xs text-sm leading-6 text-slate-400">
              AI construction document analysis, material takeoff and estimating for contractors and estimators.
            </p>
          </div>
          {Object.entries(footerLinks).map(([heading, links]) => (
            <div key={heading}>
              <h2 className="text-sm font-semibold text-white">{heading}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className="rounded-sm text-slate-300 transition-colors hover:text-white">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="border-t border-slate-800">
          {/* The year is the build's in prerendered pages; a new year must not count as a mismatch. */}
          <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6" suppressHydrationWarning>
            © {new Date().getFullYear()} Kerf. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}
