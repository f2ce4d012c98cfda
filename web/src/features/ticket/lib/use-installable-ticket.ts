import { useEffect, useState } from 'react';

const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The ticket page is the app a visitor installs (server: /manifest.webmanifest, start_url the ticket): the
 * manifest is linked while it is open, so that no other page offers the install.
 */
export function useInstallableTicket() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST_PATH;
    document.head.append(link);
    return () => link.remove();
  }, []);
}

/** Chromium's install prompt, held until the visitor asks for it (`beforeinstallprompt` is not in the DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

/** A function that offers the installation, where the browser offers one (Chromium on Android and desktop). */
export function useInstallPrompt(): (() => void) | undefined {
  const [event, setEvent] = useState<InstallPromptEvent>();
  useEffect(() => {
    const keep = (offered: Event) => {
      offered.preventDefault();
      setEvent(offered as InstallPromptEvent);
    };
    const forget = () => setEvent(undefined);
    window.addEventListener('beforeinstallprompt', keep);
    window.addEventListener('appinstalled', forget);
    return () => {
      window.removeEventListener('beforeinstallprompt', keep);
      window.removeEventListener('appinstalled', forget);
    };
  }, []);
  if (!event) return undefined;
  return () => {
    void event.prompt().finally(() => setEvent(undefined));
  };
}
