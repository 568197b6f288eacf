// No zod here: screens read these without loading the schemas (issue 26).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is shaped like the ids the database gives rows (UUIDs, any version). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
