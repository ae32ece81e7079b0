/** Whether the error (or the database error it wraps) is a unique-index violation (23505). */
export const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === '23505';
};
