/** A record id from the URL; anything that is not a positive whole number becomes 0, which no record has. */
export function recordId(value: string | undefined): number {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}
