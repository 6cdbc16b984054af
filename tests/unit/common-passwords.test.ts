import { describe, expect, it } from "vitest";
import { isCommonPassword } from "~/platform/common-passwords.server";

/** The bundled list of common passwords and the rules beside it (issue "Hardening, second round", item 12). */
describe("isCommonPassword", () => {
  it.each([
    ["Password1234", "a common word with digits added"],
    ["Winter2025!!", "a season and a year"],
    ["september2024", "a month and a year"],
    ["P@ssw0rd2024!", "a common word in symbols"],
    ["ClearLine2025!", "the brand's name"],
    ["qwertyuiop123", "a keyboard row"],
    ["1q2w3e4r5t6y", "on the bundled list"],
    ["QAZWSXEDCRFV", "on the bundled list, in capitals"],
    ["aaaaaaaaaaaa", "one character repeated"],
    ["abababababab", "two characters repeated"],
    ["abcdefghijklm", "a run of the alphabet"],
    ["987654321098", "a run of digits backwards"],
  ])("refuses %s (%s)", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(["correct-horse-battery", "first-password-1", "second-password-2", "a-brand-new-password", "tulip-kettle-orbit-42", "839201746529"])(
    "accepts %s",
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
