import { Star } from "./icons";
import { useId } from "react";
import { countOf } from "~/lib/plural";

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Shows "N of 5" for the checked star. Written out in full so Tailwind sees
 * each selector; the star labels are the only label siblings, in order.
 */
const SHOWN_WHEN_CHECKED = [
  "[label:nth-of-type(1):has(input:checked)~&]:inline",
  "[label:nth-of-type(2):has(input:checked)~&]:inline",
  "[label:nth-of-type(3):has(input:checked)~&]:inline",
  "[label:nth-of-type(4):has(input:checked)~&]:inline",
  "[label:nth-of-type(5):has(input:checked)~&]:inline",
] as const;

interface StarRatingInputProps {
  name: string;
  legend: string;
  defaultValue: number;
  error?: string;
}

/**
 * A 1 to 5 star choice that needs no script: five real radios, each
 * invisible over its own star (so a click or tap on the star picks it),
 * named "1 star" to "5 stars" for assistive technology. A star lights when
 * its radio is checked or a later star's is (`:has()`), so the row fills up
 * to the choice. Arrow keys move through the radios as usual; the focused
 * star shows the focus ring.
 */
export function StarRatingInput({ name, legend, defaultValue, error }: StarRatingInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="grid gap-1.5" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex w-fit items-center gap-1" data-testid="star-rating-input">
        {STARS.map((value) => (
          <label
            key={value}
            className="group relative rounded-md p-0.5 text-slate-500 transition-transform hover:scale-110 has-checked:text-amber-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand-600 [&:has(~label_input:checked)]:text-amber-600"
          >
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={value === defaultValue}
              className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 focus:outline-none"
            />
            <Star aria-hidden className="size-8 fill-white group-has-checked:fill-accent-400 [label:has(~label_input:checked)_&]:fill-accent-400" />
            <span className="sr-only">{countOf(value, "star")}</span>
          </label>
        ))}
        {STARS.map((value, index) => (
          <span key={value} aria-hidden className={`ml-2 hidden text-sm font-medium text-slate-700 ${SHOWN_WHEN_CHECKED[index]}`}>
            {value} of {STARS.length}
          </span>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
