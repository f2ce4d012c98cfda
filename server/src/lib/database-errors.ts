/** PostgreSQL's unique_violation, wherever Drizzle or the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  return violatedUniqueConstraint(error) !== undefined;
}

/**
 * The name of the unique index or constraint a unique_violation met (the driver's `constraint`, else the
 * name quoted in its message), '' when neither says, undefined when the error is no unique_violation.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const found = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (found.code !== '23505') continue;
    if (typeof found.constraint === 'string' && found.constraint) return found.constraint;
    return /unique constraint "([^"]+)"/.exec(typeof found.message === 'string' ? found.message : '')?.[1] ?? '';
  }
  return undefined;
}
