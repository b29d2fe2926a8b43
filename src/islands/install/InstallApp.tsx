import { useEffect, useState } from 'react';

/** Chromium's install prompt event (not yet in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallAppProps {
  strings: {
    installed: string;
    installedText: string;
    button: string;
    manualTitle: string;
    android: string;
    android1: string;
    android2: string;
    android3: string;
    iphone: string;
    iphone1: string;
    iphone2: string;
    iphone3: string;
    home: string;
  };
  homeHref: string;
}

type Mode = 'manual' | 'installable' | 'installed';

const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/**
 * The install page: "already installed" when running as the installed app or after the
 * appinstalled event; an install button when the browser offered a prompt (used once, then
 * cleared); otherwise the manual steps for Android and iPhone, which is also the HTML without
 * JavaScript.
 */
export default function InstallApp({ strings, homeHref }: InstallAppProps) {
  const [mode, setMode] = useState<Mode>('manual');
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    if (isStandalone()) setMode('installed');
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as BeforeInstallPromptEvent);
      if (!isStandalone()) setMode('installable');
    };
    const onInstalled = () => {
      setPrompt(null);
      setMode('installed');
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    const choice = await prompt.userChoice;
    setPrompt(null);
    setMode(choice.outcome === 'accepted' ? 'installed' : 'manual');
  };

  if (mode === 'installed') {
    return (
      <div className="card p-8 text-center" data-install-state="installed">
        <p className="text-2xl font-bold text-teal-900">{strings.installed}</p>
        <p className="mt-2 text-muted">{strings.installedText}</p>
        <a href={homeHref} className="btn btn-primary mt-6">
          {strings.home}
        </a>
      </div>
    );
  }

  return (
    <div className="space-y-6" data-install-state={mode}>
      {mode === 'installable' && (
        <div className="card p-8 text-center">
          <button type="button" className="btn btn-accent" onClick={() => void install()}>
            {strings.button}
          </button>
        </div>
      )}
      <section className="card p-6 sm:p-8" aria-labelledby="install-manual">
        <h2 id="install-manual" className="mb-6 text-2xl font-bold">
          {strings.manualTitle}
        </h2>
        <div className="grid gap-8 md:grid-cols-2">
          {(
            [
              [strings.android, [strings.android1, strings.android2, strings.android3]],
              [strings.iphone, [strings.iphone1, strings.iphone2, strings.iphone3]],
            ] as const
          ).map(([title, steps]) => (
            <div key={title}>
              <h3 className="mb-3 text-lg font-bold">{title}</h3>
              <ol className="space-y-3">
                {steps.map((step, index) => (
                  <li key={step} className="flex items-start gap-3">
                    <span className="grid size-8 shrink-0 place-items-center rounded-full bg-teal-700 font-bold text-white">
                      {index + 1}
                    </span>
                    <span className="pt-1">{step}</span>
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      </section>
      <a href={homeHref} className="btn btn-ghost">
        {strings.home}
      </a>
    </div>
  );
}
