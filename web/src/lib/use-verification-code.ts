import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AltchaCaptchaHandle } from '../components/altcha-captcha';
import { useSendCode, type SendCodeInput } from './send-code';
import { useCountdown } from './use-countdown';
import { useErrorText } from './use-error-text';

export interface VerificationCode {
  /** Give it to `<AltchaCaptcha ref={captcha} />`. */
  captcha: RefObject<AltchaCaptchaHandle | null>;
  /** The solved captcha's payload, or undefined (the widget is reset and the user told) when it failed. */
  captchaPayload: () => Promise<string | undefined>;
  /**
   * Checks the form (`prepare` returns the request without the captcha, or undefined to stop), solves
   * the captcha, asks for the code and starts the resend countdown; a refusal is shown at the top.
   * Resolves true when a code was sent. The captcha is single-use: it is reset afterwards.
   */
  sendCode: (prepare: () => Promise<Omit<SendCodeInput, 'captcha'> | undefined>) => Promise<boolean>;
  sending: boolean;
  /** Seconds before another code may be asked for (0: now). */
  remaining: number;
}

/**
 * The captcha and the send-code button of the sign-in and registration forms (SPEC 5), one behaviour for both.
 * `showError` puts a refusal at the top of the screen (antd's notification, or the sign-in screen's own).
 */
export function useVerificationCode(showError: (text: string) => void): VerificationCode {
  const { t } = useTranslation('errors');
  const errorText = useErrorText();
  const captcha = useRef<AltchaCaptchaHandle>(null);
  const sendCodeMutation = useSendCode();
  const { remaining, start } = useCountdown();
  // From the press until the code is asked for, the captcha's last moments of solving included.
  const [solving, setSolving] = useState(false);

  async function captchaPayload(): Promise<string | undefined> {
    try {
      return await (captcha.current?.getPayload() ?? Promise.reject(new Error('captcha missing')));
    } catch {
      captcha.current?.reset();
      showError(t('AUTH_CAPTCHA_INVALID'));
      return undefined;
    }
  }

  async function sendCode(prepare: () => Promise<Omit<SendCodeInput, 'captcha'> | undefined>): Promise<boolean> {
    const input = await prepare();
    if (!input) return false;
    setSolving(true);
    const payload = await captchaPayload().finally(() => setSolving(false));
    if (!payload) return false;
    try {
      start(await sendCodeMutation.mutateAsync({ ...input, captcha: payload }));
      return true;
    } catch (error) {
      showError(errorText(error));
      return false;
    } finally {
      captcha.current?.reset();
    }
  }

  return { captcha, captchaPayload, sendCode, sending: solving || sendCodeMutation.isPending, remaining };
}
