import { normaliseIdentity } from '@portal/shared/auth/identity';
import type { TRegisterAudienceInput } from '@portal/shared/account/account.schema';
import { AppError } from '../../lib/app-error';
import type { AccountService } from './account.service';
import type { VerificationCodeService } from '../auth/verification-code.service';
import type { ShowService } from '../show/show.service';

/** Visitor self-registration (SPEC 2 /visitor/web/register): captcha-guarded code, then an account. */
export class RegistrationService {
  constructor(
    private readonly accounts: AccountService,
    private readonly codes: VerificationCodeService,
    private readonly show: ShowService,
  ) {}

  async register(input: TRegisterAudienceInput) {
    if (!(await this.show.setting()).audienceRegOpen) throw new AppError('AUDIENCE_REG_CLOSED');
    const identity = normaliseIdentity(input.identity);
    if (!identity) throw new AppError(input.identity.includes('@') ? 'AUTH_INVALID_EMAIL' : 'AUTH_INVALID_IDENTITY');
    await this.codes.consume(identity, 'register', input.code);
    return this.accounts.createAccount({
      scope: 'audience',
      name: input.name,
      identity: identity.kind === 'email' ? { email: identity.value } : { mobile: identity.value },
      password: input.password,
    });
  }
}
