/**
 * The ALTCHA proof-of-work widget (DESIGN §3), from the CSP-friendly `external` build: its worker
 * is a same-origin file (no blob: worker) and its styles a plain stylesheet.
 * The form asks for the verified payload with `getPayload()` (waiting for the widget when it is
 * still solving); a payload is single use, so callers `reset()` after each submission.
 * The widget's code (20 KB brotli) loads when the form is first used — a focus or a press inside it, or
 * a submission (DESIGN §7): defining the widget is a long task on a phone that the page's load need not
 * wait for (docs/decisions/0908-captcha-on-first-use.md). The `<altcha-widget>`
 * element is in the page at once and upgrades when its code is defined; until then a still copy of the idle
 * widget (its checkbox and label) stands in its place, so the box never looks empty (styles.css).
 * The widget's checkbox is `required`: the component turns its form's native validation off, since a press
 * while the widget still solves would otherwise be blocked by the browser without a word; the form asks
 * getPayload(), which waits for the solution.
 */
import type {} from 'altcha/external';
import 'altcha/altcha.css';
import workerUrl from 'altcha/worker?url';
import { useEffect, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

export const CAPTCHA_CHALLENGE_URL = '/apis/auth/captcha';
const VERIFY_TIMEOUT_MS = 60_000;
const WIDGET_TAG = 'altcha-widget';

/** Why getPayload() gave up: the text shown is the captcha's own error (errors:AUTH_CAPTCHA_INVALID). */
class CaptchaUnsolvedError extends Error {
  readonly code = 'AUTH_CAPTCHA_INVALID';
  readonly reason = 'BAD_REQUEST';
}

/** Loads the widget's code once; a failure shows as the missing widget, and getPayload() then times out. */
function loadWidget(): Promise<void> {
  return import('altcha/external').then(
    () => undefined,
    (error: unknown) => console.error('captcha widget failed to load', error),
  );
}

/** The widget element's methods once its code has defined it; null once the form is gone (unmounted while loading). */
async function whenDefined(element: AltchaElement | null): Promise<AltchaElement | null> {
  if (!element) return null;
  await customElements.whenDefined(WIDGET_TAG);
  return element;
}

export interface AltchaCaptchaHandle {
  /** Resolves with the verified payload, starting or awaiting the verification when needed. */
  getPayload: () => Promise<string>;
  /** Forgets the used payload; the next getPayload() solves a new challenge. */
  reset: () => void;
}

type AltchaElement = HTMLElement & AltchaWidgetMethods;
type Waiter = { resolve: (payload: string) => void; reject: (error: Error) => void };

export function AltchaCaptcha({ ref }: { ref: Ref<AltchaCaptchaHandle> }) {
  const { t, i18n } = useTranslation('auth');
  const element = useRef<AltchaElement | null>(null);
  const state = useRef<{ state: AltchaState; payload?: string }>({ state: 'unverified' });
  const waiters = useRef<Waiter[]>([]);

  const strings = useMemo(
    () =>
      JSON.stringify({
        ariaLinkLabel: t('captcha.ariaLinkLabel'),
        error: t('captcha.error'),
        expired: t('captcha.expired'),
        footer: t('captcha.footer'),
        label: t('captcha.label'),
        verified: t('captcha.verified'),
        verifying: t('captcha.verifying'),
        waitAlert: t('captcha.waitAlert'),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the strings follow the language
    [t, i18n.language],
  );

  useEffect(() => {
    const owner = element.current?.closest('form');
    if (owner) owner.noValidate = true;
    const form: EventTarget = owner ?? document;
    // The focus that would have started the verification (`auto="onfocus"`) came before the widget existed.
    const firstUse = () => {
      form.removeEventListener('focusin', firstUse);
      form.removeEventListener('pointerdown', firstUse);
      void loadWidget()
        .then(() => whenDefined(element.current))
        .then((widget) => {
          if (state.current.state === 'unverified') void widget?.verify();
        });
    };
    form.addEventListener('focusin', firstUse);
    form.addEventListener('pointerdown', firstUse);
    return () => {
      form.removeEventListener('focusin', firstUse);
      form.removeEventListener('pointerdown', firstUse);
    };
  }, []);

  useEffect(() => {
    const widget = element.current;
    if (!widget) return undefined;
    const onStateChange = (event: Event) => {
      const detail = (event as AltchaStateChangeEvent).detail;
      state.current = { state: detail.state, payload: detail.payload };
      if (detail.state === 'verified' && detail.payload) {
        for (const waiter of waiters.current.splice(0)) waiter.resolve(detail.payload);
      } else if (detail.state === 'error' || detail.state === 'expired') {
        for (const waiter of waiters.current.splice(0)) waiter.reject(new CaptchaUnsolvedError(`captcha ${detail.state}`));
      }
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      getPayload() {
        const current = state.current;
        if (current.state === 'verified' && current.payload) return Promise.resolve(current.payload);
        return new Promise<string>((resolve, reject) => {
          const timer = window.setTimeout(() => reject(new CaptchaUnsolvedError('captcha timeout')), VERIFY_TIMEOUT_MS);
          waiters.current.push({
            resolve: (payload) => {
              window.clearTimeout(timer);
              resolve(payload);
            },
            reject: (error) => {
              window.clearTimeout(timer);
              reject(error);
            },
          });
          if (current.state !== 'verifying') void loadWidget().then(() => whenDefined(element.current).then((widget) => widget?.verify()));
        });
      },
      reset() {
        state.current = { state: 'unverified' };
        void whenDefined(element.current).then((widget) => widget?.reset());
      },
    }),
    [],
  );

  return (
    <div className="captcha-field" data-testid="captcha">
      <altcha-widget
        ref={element}
        challengeurl={CAPTCHA_CHALLENGE_URL}
        name="captcha"
        auto="onfocus"
        hidefooter
        hidelogo
        strings={strings}
        // Root-relative: the widget resolves it against its own module's URL (same origin), and pre-rendering has no window.
        workerurl={workerUrl}
      />
      <div className="captcha-placeholder altcha-main">
        <span className="captcha-placeholder-checkbox" />
        <span className="altcha-label">{t('captcha.label')}</span>
      </div>
    </div>
  );
}
