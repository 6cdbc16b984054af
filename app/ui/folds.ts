/**
 * For a `<details>` folded on a phone only: from `sm` up its content shows whether or not it is open (its summary there is `sm:hidden`), so a wider screen
 * sees it unfolded, without JavaScript too.
 */
export const OPEN_FROM_SM = "sm:details-content:[content-visibility:visible] sm:details-content:block";
