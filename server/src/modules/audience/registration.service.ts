import { normaliseIdentity } from '@portal/shared/auth/identity';
import { decodePasswordFromTransport } from '@portal/shared/auth/credentials';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import { ZVisitorName } from '@portal/shared/application/application.schema';
import type { AccountService } from '../account/account.service';
import type { VerificationCodeService } from '../auth/verification-code.service';
import type { ProjectService } from '../project/project.service';

/** Visitor self-registration (SPEC 2 /visitor/web/register): captcha-guarded code, then an account. */
export class RegistrationService {
  constructor(
    private readonly accounts: AccountService,
    private readonly codes: VerificationCodeService,
    private readonly projects: ProjectService,
  ) {}

  async register(input: { identity: string; code: string; password: string; name: string }) {
    if (!(await this.projects.setting()).audienceRegOpen) throw new AppError('AUDIENCE_REG_CLOSED');
    const identity = normaliseIdentity(input.identity);
    if (!identity) throw new AppError(input.identity.includes('@') ? 'AUTH_INVALID_EMAIL' : 'AUTH_INVALID_IDENTITY');
    const name = parseInput(ZVisitorName, input.name);
    const password = decodePasswordFromTransport(input.password);
    if (password === undefined) throw new AppError('VALIDATION_FAILED');
    await this.codes.consume(identity, 'register', input.code.trim());
    return this.accounts.createAccount({
      scope: 'audience',
      name,
      identity: identity.kind === 'email' ? { email: identity.value } : { mobile: identity.value },
      password,
    });
  }
}
