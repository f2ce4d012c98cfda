import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { VERIFICATION_CODE_DAILY_LIMIT, VERIFICATION_CODE_HOURLY_LIMIT, VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_MAX_ATTEMPTS, VERIFICATION_CODE_RESEND_SECONDS, VERIFICATION_CODE_TTL_SECONDS, type VERIFICATION_PURPOSES } from '@portal/shared/auth/credentials';
import type { Locale } from '@portal/shared/i18n/locales';
import { AppError } from '../../lib/app-error';
import type { ExpiringStore } from '../../lib/expiring-store';
import type { Messenger } from '../messaging/messenger.service';
import type { NormalisedIdentity } from './auth-input';
import type { Clock } from '../../lib/clock';
import { hashedKey } from './store-keys';

/** The forms' purposes, and the /ticket photo replacement's (asked through the badge module, never the public send-code form). */
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number] | 'badge-photo';

/** What the store keeps of an issued code: never the code itself. */
const ZIssuedCode = z.object({ id: z.string(), hash: z.string(), expiresAt: z.number() });
type IssuedCode = z.infer<typeof ZIssuedCode>;

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;
/**
 * The stored record outlives the code's validity so that a late attempt hears "expired" rather than
 * "no code"; validity itself is checked against the injected clock.
 */
const RECORD_TTL_SECONDS = 2 * VERIFICATION_CODE_TTL_SECONDS;

/**
 * Six-digit codes sent by SMS or email (DESIGN §6): stored as an HMAC, valid 5 minutes, 5 tries,
 * single use, one send a minute and the carriers' hourly and daily caps per recipient.
 */
export class VerificationCodeService {
  constructor(
    private readonly store: ExpiringStore,
    private readonly messenger: Messenger,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly logger: FastifyBaseLogger,
    private readonly limits: { addressHourlyLimit: number },
  ) {}

  /** Counts a code request from an address (any purpose, any outcome); throws past the hourly cap. */
  async countRequestFrom(ip: string): Promise<void> {
    const key = hashedKey('code-requests:ip', ip);
    const requests = await this.store.increment(key, HOUR_SECONDS);
    if (requests > this.limits.addressHourlyLimit) throw new AppError('AUTH_CODE_LIMIT_REACHED').retryAfter(await this.secondsLeft(key, HOUR_SECONDS));
  }

  /** Sends a new code (replacing any earlier one for this purpose) and returns when another may be asked. */
  async send(request: { identity: NormalisedIdentity; purpose: VerificationPurpose; locale: Locale }): Promise<{ resendAfterSeconds: number }> {
    const { identity, purpose, locale } = request;
    const cooldownKey = hashedKey('code-cooldown', identity.value);
    // The cooldown is claimed first: it also keeps sends to one recipient one at a time.
    await this.claimCooldown(cooldownKey);
    try {
      const counters = { hour: hashedKey('code-sent:hour', identity.value), day: hashedKey('code-sent:day', identity.value) };
      const [sentThisHour, sentToday] = await Promise.all([this.store.get(counters.hour), this.store.get(counters.day)]);
      if (Number(sentToday ?? 0) >= VERIFICATION_CODE_DAILY_LIMIT) {
        throw new AppError('AUTH_CODE_LIMIT_REACHED').retryAfter(await this.secondsLeft(counters.day, DAY_SECONDS));
      }
      if (Number(sentThisHour ?? 0) >= VERIFICATION_CODE_HOURLY_LIMIT) {
        throw new AppError('AUTH_CODE_LIMIT_REACHED').retryAfter(await this.secondsLeft(counters.hour, HOUR_SECONDS));
      }
      const code = randomInt(0, 10 ** VERIFICATION_CODE_LENGTH).toString().padStart(VERIFICATION_CODE_LENGTH, '0');
      try {
        await this.messenger.sendVerificationCode(identity, code, VERIFICATION_CODE_TTL_SECONDS / 60, locale);
      } catch (error) {
        this.logger.error({ err: error, channel: identity.kind }, 'verification code delivery failed');
        throw new AppError('AUTH_CODE_SEND_FAILED');
      }
      // Stored only once delivered, so a failed send leaves an earlier code usable.
      const issued: IssuedCode = {
        id: randomUUID(),
        hash: this.hash(purpose, identity.value, code),
        expiresAt: this.clock.now() + VERIFICATION_CODE_TTL_SECONDS * 1000,
      };
      await this.store.set(this.codeKey(purpose, identity.value), JSON.stringify(issued), RECORD_TTL_SECONDS);
      await Promise.all([this.store.increment(counters.hour, HOUR_SECONDS), this.store.increment(counters.day, DAY_SECONDS)]);
    } catch (error) {
      await this.store.delete(cooldownKey);
      throw error;
    }
    return { resendAfterSeconds: VERIFICATION_CODE_RESEND_SECONDS };
  }

  /**
   * Accepts the code sent to this identity for this purpose, once. Every try counts, right or wrong,
   * before the comparison, so parallel guesses cannot exceed the limit; after that the code is spent.
   */
  async consume(identity: NormalisedIdentity, purpose: VerificationPurpose, code: string | undefined): Promise<void> {
    if (!code) throw new AppError('AUTH_CODE_REQUIRED');
    const issued = parseIssuedCode(await this.store.get(this.codeKey(purpose, identity.value)));
    if (!issued) throw new AppError('AUTH_WRONG_IDENTITY_OR_CODE');
    if (issued.expiresAt <= this.clock.now()) throw new AppError('AUTH_CODE_EXPIRED');
    const tries = await this.store.increment(`code-tries:${issued.id}`, RECORD_TTL_SECONDS);
    if (tries > VERIFICATION_CODE_MAX_ATTEMPTS) throw new AppError('AUTH_CODE_EXPIRED');
    if (!sameHash(issued.hash, this.hash(purpose, identity.value, code))) throw new AppError('AUTH_WRONG_CODE');
    const firstUse = await this.store.setIfAbsent(`code-used:${issued.id}`, '1', RECORD_TTL_SECONDS);
    if (!firstUse) throw new AppError('AUTH_WRONG_IDENTITY_OR_CODE');
  }

  /** What remains of a counter's window (the whole window when the store cannot tell). */
  private async secondsLeft(key: string, windowSeconds: number) {
    const left = await this.store.ttl(key);
    return left > 0 ? left : windowSeconds;
  }

  private codeKey(purpose: VerificationPurpose, identity: string) {
    return hashedKey(`code:${purpose}`, identity);
  }

  private hash(purpose: VerificationPurpose, identity: string, code: string) {
    return createHmac('sha256', this.secret).update(`${purpose}\n${identity}\n${code}`).digest('hex');
  }

  /**
   * One send a minute per recipient. The stored send time is checked against the injected clock
   * as well as the store's TTL, so both a real minute and a moved test clock end the wait.
   */
  private async claimCooldown(key: string) {
    const now = this.clock.now();
    if (await this.store.setIfAbsent(key, String(now), VERIFICATION_CODE_RESEND_SECONDS)) return;
    const sentAt = Number(await this.store.get(key));
    const waitSeconds = Math.ceil((sentAt + VERIFICATION_CODE_RESEND_SECONDS * 1000 - now) / 1000);
    if (waitSeconds > 0) throw new AppError('AUTH_CODE_TOO_SOON', { seconds: waitSeconds }).retryAfter(waitSeconds);
    await this.store.set(key, String(now), VERIFICATION_CODE_RESEND_SECONDS);
  }
}

function parseIssuedCode(stored: string | undefined): IssuedCode | undefined {
  if (!stored) return undefined;
  try {
    const parsed = ZIssuedCode.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function sameHash(expectedHex: string, actualHex: string) {
  const expected = Buffer.from(expectedHex, 'hex');
  const actual = Buffer.from(actualHex, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
