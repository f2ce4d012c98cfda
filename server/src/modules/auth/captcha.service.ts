import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ExpiringStore } from '../../lib/expiring-store';
import type { Clock } from '../../lib/clock';

/** What the altcha widget submits, base64 of this JSON (it may add `took` and `test`, ignored here). */
const ZAltchaPayload = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string().max(256),
  number: z.number().int().nonnegative(),
  salt: z.string().max(512),
  signature: z.string().max(256),
});

export interface CaptchaOptions {
  /** The largest secret number of a challenge: the average work is half of it. */
  complexity: number;
  ttlSeconds: number;
}

/** Self-hosted ALTCHA proof-of-work: challenges signed with our key, each solution accepted once. */
export class CaptchaService {
  constructor(
    private readonly store: ExpiringStore,
    private readonly hmacKey: string,
    private readonly clock: Clock,
    private readonly options: CaptchaOptions,
  ) {}

  createChallenge(): Promise<Challenge> {
    return createChallenge({
      hmacKey: this.hmacKey,
      maxNumber: this.options.complexity,
      expires: new Date(this.clock.now() + this.options.ttlSeconds * 1000),
    });
  }

  /** Accepts a solved, unexpired challenge of ours exactly once; anything else is AUTH_CAPTCHA_INVALID. */
  async verifyOnce(encodedPayload: string | undefined): Promise<void> {
    const payload = decodePayload(encodedPayload);
    if (!payload) throw new AppError('AUTH_CAPTCHA_INVALID');
    const expiresAtSeconds = Number(extractParams(payload).expires);
    const remainingSeconds = Math.ceil(expiresAtSeconds - this.clock.now() / 1000);
    // Expiry is checked against our clock here, so altcha-lib's own Date.now() check is skipped.
    if (!(remainingSeconds > 0) || !(await verifySolution(payload, this.hmacKey, false))) {
      throw new AppError('AUTH_CAPTCHA_INVALID');
    }
    // Remembered until the challenge expires; after that the expiry check refuses it anyway.
    const firstUse = await this.store.setIfAbsent(`captcha-used:${payload.signature}`, '1', remainingSeconds);
    if (!firstUse) throw new AppError('AUTH_CAPTCHA_INVALID');
  }
}

function decodePayload(encoded: string | undefined) {
  if (!encoded) return undefined;
  try {
    const parsed = ZAltchaPayload.safeParse(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
