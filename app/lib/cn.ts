/**
 * Joins class names, skipping the falsy ones. It does not resolve conflicts (tailwind-merge would add about 8.5 KiB gzip to every page): a component takes a
 * size or variant instead of a class that overrides one of its own, and tests/server/class-conflicts.test.ts finds any element that sets one property twice.
 */
export function cn(...classNames: Array<string | false | null | undefined>): string {
  return classNames.filter(Boolean).join(" ");
}
