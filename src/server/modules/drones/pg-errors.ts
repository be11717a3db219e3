/** The SQLSTATE of a database error, whether the driver's error or drizzle's wrapper around it. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ('code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';

/** The constraint a violation names (PostgreSQL and PGlite both report it), to tell two unique rules apart. */
export function constraintName(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ('constraint' in e && typeof e.constraint === 'string') return e.constraint;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}
