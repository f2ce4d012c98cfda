import { useMemo, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_CODE_MAX_LENGTH, EMAIL_MAX_LENGTH, ID_NUMBER_MAX_LENGTH, NAME_MAX_LENGTH } from '@portal/shared/application/application-limits';
import { ID_TYPES, type IdType } from '@portal/shared/application/id-number';
import { shanghaiDate } from '@portal/shared/dates';
import { PhotoUpload } from '../../../components/photo-upload';
import { PlainAlert } from '../../../components/plain/alert';
import { PlainCard } from '../../../components/plain/card';
import { PlainCheckbox } from '../../../components/plain/checkbox';
import { PlainSelect } from '../../../components/plain/select';
import { PlainTag } from '../../../components/plain/tag';
import { fieldDescribedBy, fieldErrorId, fieldLabelId, PlainField } from '../../../components/plain-field';
import { useTopNotice } from '../../../components/top-notice';
import type { ApplicationOptionsQuery } from '../../../graphql/operations.generated';
import { formatDateTime, formatDay } from '../../../lib/format/date-time';
import { currentLocale } from '../../../lib/i18n/i18n';
import { PlainMobileNumberInput } from '../../../components/plain/mobile-number-input';
import { useErrorText } from '../../../lib/use-error-text';
import { dayState, draftOf, EMPTY_APPLICATION, readDraft, serverFieldProblems, type ApplicationField, type ApplicationFormValues, type FieldProblem } from '../lib/application-rules';
import type * as ApplicationValidationModule from '../lib/application-validation';
import { useSubmitApplication } from '../api/submit-application';
import { uploadPhoto } from '../api/upload-photo';
import './application-form.css';
import { BusyButton } from '../../../components/plain/busy-button';

type Options = ApplicationOptionsQuery['project'];
type Problems = Partial<Record<ApplicationField, FieldProblem>>;
type ApplicationValidation = typeof ApplicationValidationModule;

export interface ApplicationFormProps {
  options: Options;
  /** The saved application (edit) or the account's contact details (first application). */
  initialValues: Partial<ApplicationFormValues>;
  /** The days the visitor already holds a seat on (a full day stays selectable for them). */
  heldDays: string[];
  /** sessionStorage key of the draft (per account). */
  draftKey: string;
  onSubmitted: () => Promise<void>;
}

const FIELD_ORDER: ApplicationField[] = ['name', 'mobile', 'email', 'idType', 'idNumber', 'birthDate', 'entryPhoto', 'idPhoto', 'visitDates', 'activationCode', 'channelId', 'sensitiveConsent', 'truthConfirmed'];

/** The id of a field's control (the label's target; the first invalid one gets the focus on submit). */
const controlId = (field: ApplicationField) => `application_${field}`;

let validationModule: Promise<ApplicationValidation> | undefined;

/** The shared schema's rules hold zod: they load on the form's first use, once (again after a failed load). */
function loadValidation() {
  validationModule ??= import('../lib/application-validation').catch((error: unknown) => {
    validationModule = undefined;
    throw error;
  });
  return validationModule;
}

function readStoredDraft(key: string): Partial<ApplicationFormValues> | undefined {
  try {
    return readDraft(window.sessionStorage, key);
  } catch {
    return undefined;
  }
}

/** Scrolls the field's control to the middle of the screen and focuses it (a group: its first usable input). */
function focusField(field: ApplicationField) {
  const element = document.getElementById(controlId(field));
  const target = element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLButtonElement ? element : element?.querySelector<HTMLElement>('input:not(:disabled)');
  element?.scrollIntoView({ block: 'center' });
  target?.focus({ preventScroll: true });
}

/** A consent checkbox with its error below it (the box's own text is its label). */
function CheckField({ field, checked, error, onChange, testId, children }: { field: ApplicationField; checked: boolean; error?: string; onChange: (checked: boolean) => void; testId: string; children: ReactNode }) {
  const id = controlId(field);
  return (
    <div className={error ? 'plain-field plain-field-invalid application-check' : 'plain-field application-check'}>
      <PlainCheckbox id={id} checked={checked} onChange={onChange} invalid={Boolean(error)} describedBy={error ? fieldErrorId(id) : undefined} testId={testId}>
        {children}
      </PlainCheckbox>
      {error ? (
        <div className="plain-field-error" id={fieldErrorId(id)} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The visitor application (SPEC 3, 5), built without antd (DESIGN §7): the shared schema's rules with their
 * own translated messages, instant mainland-ID and age checks, photos through PhotoUpload, show days with
 * seats and deadlines. Nothing typed or uploaded is lost: a refusal keeps the form, and the draft (photo
 * ids, not files) lives in sessionStorage until the application is saved.
 */
export function ApplicationForm({ options, initialValues, heldDays, draftKey, onSubmitted }: ApplicationFormProps) {
  const { t } = useTranslation(['application', 'errors']);
  const notice = useTopNotice();
  const errorText = useErrorText();
  const mutation = useSubmitApplication();
  const locale = currentLocale();
  const [now] = useState(() => new Date());
  const today = shanghaiDate(now);
  const firstShowDay = useMemo(() => [...options.showDays].map((day) => day.day).sort()[0], [options.showDays]);
  const [restored] = useState(() => readStoredDraft(draftKey));
  // The draft wins over the saved application until it is submitted.
  const [values, setValues] = useState<ApplicationFormValues>(() => ({ ...EMPTY_APPLICATION, ...initialValues, ...restored }));
  const latest = useRef(values);
  const [problems, setProblems] = useState<Problems>({});
  const serverProblems = useRef<Problems>({});

  const messageOf = (problem: FieldProblem) => (problem.idProblem ? `${t(`errors:${problem.code}`)} (${t(`application:idProblem.${problem.idProblem}`)})` : t(`errors:${problem.code}`));
  const errorOf = (field: ApplicationField) => {
    const problem = problems[field];
    return problem ? messageOf(problem) : undefined;
  };

  /** Every field's problem: the shared rules first, then a server refusal the field has kept since. */
  async function problemsOf(current: ApplicationFormValues): Promise<Problems> {
    const { validateApplication } = await loadValidation();
    const found = validateApplication(current, { today, firstShowDay });
    const merged: Problems = {};
    for (const field of FIELD_ORDER) {
      const problem = found[field] ?? serverProblems.current[field];
      if (problem) merged[field] = problem;
    }
    return merged;
  }

  /** Checks the fields and shows (or clears) their errors. */
  async function check(fields: ApplicationField[]) {
    let found: Problems;
    try {
      found = await problemsOf(latest.current);
    } catch {
      return; // the rules could not load: the server checks on submit
    }
    setProblems((current) => {
      const next = { ...current };
      for (const field of fields) {
        if (found[field]) next[field] = found[field];
        else delete next[field];
      }
      return next;
    });
  }

  function saveDraft(current: ApplicationFormValues) {
    try {
      window.sessionStorage.setItem(draftKey, JSON.stringify(draftOf(current)));
    } catch {
      // storage full or disabled: the form itself still holds everything
    }
  }

  /**
   * Stores a field's new value. `checkNow`: the field is checked at once (choices, photos, the ID number);
   * typed fields are checked when left, and again as they change once they show an error.
   */
  /** The counter check on or off; photos uploaded for it carry no face data, so face recognition asks for them again. */
  function chooseCounterCheck(on: boolean) {
    const next = { ...latest.current, counterCheck: on, ...(on ? {} : { entryPhoto: null, idPhoto: null }) };
    latest.current = next;
    setValues(next);
    saveDraft(next);
  }

  function update<F extends ApplicationField>(field: F, value: ApplicationFormValues[F], checkNow = false) {
    const next = { ...latest.current, [field]: value };
    latest.current = next;
    setValues(next);
    // A server refusal holds only until the field changes.
    delete serverProblems.current[field];
    saveDraft(next);
    // The ID number's rule and the birth date depend on the ID type: re-checked once they were filled or refused.
    const dependent: ApplicationField[] = field === 'idType' ? (['idNumber', 'birthDate'] as const).filter((other) => next[other] || problems[other]) : [];
    const fields: ApplicationField[] = [...(checkNow || problems[field] ? [field] : []), ...dependent];
    if (fields.length > 0) void check(fields);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const current = latest.current;
    let rules: ApplicationValidation;
    let found: Problems;
    try {
      rules = await loadValidation();
      found = await problemsOf(current);
    } catch (error) {
      notice.showError(errorText(error));
      return;
    }
    setProblems(found);
    const firstWrong = FIELD_ORDER.find((field) => found[field]);
    if (firstWrong) {
      focusField(firstWrong);
      return;
    }
    const input = rules.parseApplication(current);
    if (!input) return;
    try {
      await mutation.mutateAsync(input);
    } catch (error) {
      const refused = serverFieldProblems(error);
      serverProblems.current = refused;
      setProblems(refused);
      const firstRefused = FIELD_ORDER.find((field) => refused[field]);
      if (firstRefused) focusField(firstRefused);
      notice.showError(errorText(error));
      return;
    }
    try {
      window.sessionStorage.removeItem(draftKey);
    } catch {
      // nothing to clear
    }
    await onSubmitted();
  }

  const mainland = values.idType === 'MAINLAND_ID';
  // The birth date is asked only once a non-mainland ID type is chosen (the mainland ID carries it).
  const asksBirthDate = !!values.idType && !mainland;
  const busy = mutation.isPending;

  /** A typed field: label, input, error and hint, checked when left. */
  const textField = (
    field: 'name' | 'email' | 'idNumber' | 'activationCode',
    input: { maxLength: number; testId: string; hint?: string; checkWhileTyping?: boolean; upperCase?: boolean } & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'>,
  ) => {
    const id = controlId(field);
    const error = errorOf(field);
    return (
      <PlainField inputId={id} label={t(`application:fields.${field}`)} error={error} hint={input.hint} required>
        <span className="plain-input">
          <input
            id={id}
            type={input.type ?? 'text'}
            value={values[field]}
            onChange={(event) => update(field, input.upperCase ? event.target.value.toUpperCase() : event.target.value, input.checkWhileTyping)}
            onBlur={() => void check([field])}
            maxLength={input.maxLength}
            inputMode={input.inputMode}
            autoComplete={input.autoComplete}
            autoCapitalize={input.autoCapitalize}
            spellCheck={input.spellCheck}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldDescribedBy(id, error, input.hint)}
            data-testid={input.testId}
          />
        </span>
      </PlainField>
    );
  };

  /** The mobile: the one mobile-number input (a calling code and the number), checked when left. */
  const mobileField = () => {
    const id = controlId('mobile');
    const error = errorOf('mobile');
    const hint = t('application:hints.mobile');
    return (
      <PlainField inputId={id} label={t('application:fields.mobile')} error={error} hint={hint} required>
        <PlainMobileNumberInput
          id={id}
          value={values.mobile}
          onChange={(value) => update('mobile', value)}
          onBlur={() => void check(['mobile'])}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, error, hint)}
          testId="application-mobile"
        />
      </PlainField>
    );
  };

  const photoField = (field: 'entryPhoto' | 'idPhoto', purpose: 'ENTRY_CARD' | 'ID_CARD') => {
    const id = controlId(field);
    const error = errorOf(field);
    const hint = t(`application:hints.${field}`);
    return (
      <PlainField inputId={id} label={t(`application:fields.${field}`)} error={error} hint={hint} required>
        <PhotoUpload
          id={id}
          purpose={purpose}
          profile="audience"
          upload={(file, photoPurpose) => uploadPhoto(file, photoPurpose, values.counterCheck)}
          faceCheck={!values.counterCheck}
          label={t(`application:fields.${field}`)}
          value={values[field]}
          onChange={(photo) => update(field, photo, true)}
          aria-describedby={fieldDescribedBy(id, error, hint)}
        />
      </PlainField>
    );
  };

  const idTypeId = controlId('idType');
  const idTypeError = errorOf('idType');
  const birthDateId = controlId('birthDate');
  const birthDateError = errorOf('birthDate');
  const daysId = controlId('visitDates');
  const daysError = errorOf('visitDates');
  const daysHint = t('application:hints.visitDates');
  const channelId = controlId('channelId');
  const channelError = errorOf('channelId');

  return (
    <form
      name="application"
      className="application-form"
      data-testid="application-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      // The rules (zod, a long task to evaluate on a phone) load on the form's first use, not during the page's load.
      onFocus={() => void loadValidation().catch(() => undefined)}
    >
      {notice.notice}
      {restored && (
        <div className="application-block">
          <PlainAlert type="info" title={t('application:draftRestored')} testId="application-draft-restored" />
        </div>
      )}
      <PlainCard title={<h2 className="card-title">{t('application:sections.person')}</h2>} className="application-block">
        <div className="application-grid">
          {textField('name', { maxLength: NAME_MAX_LENGTH, autoComplete: 'name', testId: 'application-name' })}
          {mobileField()}
          {textField('email', { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: EMAIL_MAX_LENGTH, testId: 'application-email' })}
          <PlainField inputId={idTypeId} label={t('application:fields.idType')} error={idTypeError} required>
            <PlainSelect
              id={idTypeId}
              value={values.idType}
              onChange={(value) => update('idType', value as IdType | null, true)}
              options={ID_TYPES.map((type) => ({ value: type, label: t(`application:idTypes.${type}`), testId: `application-id-type-option-${type}` }))}
              placeholder={t('application:placeholders.idType')}
              required
              invalid={Boolean(idTypeError)}
              describedBy={fieldDescribedBy(idTypeId, idTypeError, undefined)}
              testId="application-id-type"
            />
          </PlainField>
          {textField('idNumber', { maxLength: ID_NUMBER_MAX_LENGTH, autoComplete: 'off', hint: mainland ? t('application:hints.mainlandId') : undefined, checkWhileTyping: true, testId: 'application-id-number' })}
          {asksBirthDate && (
            <PlainField inputId={birthDateId} label={t('application:fields.birthDate')} error={birthDateError} required>
              <span className="plain-input">
                <input
                  id={birthDateId}
                  type="date"
                  value={values.birthDate ?? ''}
                  max={today}
                  onChange={(event) => update('birthDate', event.target.value || null, true)}
                  aria-required
                  aria-invalid={birthDateError ? true : undefined}
                  aria-describedby={fieldDescribedBy(birthDateId, birthDateError, undefined)}
                  data-testid="application-birth-date"
                />
              </span>
            </PlainField>
          )}
        </div>
      </PlainCard>

      <PlainCard title={<h2 className="card-title">{t('application:sections.photos')}</h2>} className="application-block">
        <div className="application-grid application-photos">
          {photoField('entryPhoto', 'ENTRY_CARD')}
          {photoField('idPhoto', 'ID_CARD')}
        </div>
        <CheckField
          field="counterCheck"
          checked={values.counterCheck}
          onChange={chooseCounterCheck}
          testId="application-counter-check"
        >
          {t('application:counterCheck.label')}
        </CheckField>
        <p className="plain-text-secondary application-counter-check-hint" data-testid="application-counter-check-hint">
          {t(values.counterCheck ? 'application:counterCheck.chosen' : 'application:counterCheck.hint')}
        </p>
      </PlainCard>

      <PlainCard title={<h2 className="card-title">{t('application:sections.visit')}</h2>} className="application-block">
        <PlainField inputId={daysId} label={t('application:fields.visitDates')} error={daysError} hint={daysHint} required group>
          <div id={daysId} role="group" aria-labelledby={fieldLabelId(daysId)} aria-describedby={fieldDescribedBy(daysId, daysError, daysHint)} className="application-days" data-testid="application-visit-dates">
            {options.showDays.map((showDay) => {
              const state = dayState(showDay, now, heldDays.includes(showDay.day));
              const checked = values.visitDates.includes(showDay.day);
              return (
                <PlainCheckbox
                  key={showDay.day}
                  checked={checked}
                  onChange={(on) => update('visitDates', on ? [...values.visitDates, showDay.day] : values.visitDates.filter((day) => day !== showDay.day), true)}
                  disabled={state !== 'open'}
                  className="application-day"
                  invalid={Boolean(daysError)}
                  testId={`application-visit-date-${showDay.day}`}
                  state={state}
                >
                  <span className="application-day-label">
                    <span className="application-day-name">{formatDay(showDay.day, locale)}</span>
                    {state === 'closed' ? (
                      <PlainTag>{t('application:day.closed')}</PlainTag>
                    ) : state === 'full' ? (
                      <PlainTag color="orange">{t('application:day.full')}</PlainTag>
                    ) : (
                      <span className="plain-text-secondary application-day-detail">{t('application:day.remaining', { count: showDay.remaining })}</span>
                    )}
                    <span className="plain-text-secondary application-day-detail">{t('application:day.deadline', { deadline: formatDateTime(showDay.deadline) })}</span>
                  </span>
                </PlainCheckbox>
              );
            })}
          </div>
        </PlainField>
        <div className="application-grid">
          {textField('activationCode', {
            maxLength: ACTIVATION_CODE_MAX_LENGTH,
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
            upperCase: true,
            hint: t('application:hints.activationCode'),
            testId: 'application-activation-code',
          })}
          <PlainField inputId={channelId} label={t('application:fields.channel')} error={channelError}>
            <PlainSelect
              id={channelId}
              value={values.channelId}
              onChange={(value) => update('channelId', value, true)}
              options={options.channels.map((channel) => ({ value: channel.id, label: channel.name, testId: `application-channel-option-${channel.id}` }))}
              placeholder={t('application:placeholders.channel')}
              clearable
              invalid={Boolean(channelError)}
              describedBy={fieldDescribedBy(channelId, channelError, undefined)}
              testId="application-channel"
            />
          </PlainField>
        </div>
      </PlainCard>

      <PlainCard title={<h2 className="card-title">{t('application:sections.confirm')}</h2>} className="application-block">
        <p className="application-consent-text" data-testid="application-consent-text">
          {t('application:consent.explanation')}
        </p>
        <CheckField field="sensitiveConsent" checked={values.sensitiveConsent} error={errorOf('sensitiveConsent')} onChange={(on) => update('sensitiveConsent', on, true)} testId="application-consent">
          {t('application:consent.label')}
        </CheckField>
        <CheckField field="truthConfirmed" checked={values.truthConfirmed} error={errorOf('truthConfirmed')} onChange={(on) => update('truthConfirmed', on, true)} testId="application-truth">
          {t('application:truth')}
        </CheckField>
        <div className="application-actions">
          <BusyButton type="submit" className="plain-button plain-button-primary application-submit" busy={busy} data-testid="application-submit">
            {t('application:submit')}
          </BusyButton>
        </div>
      </PlainCard>
    </form>
  );
}
