import { z } from "zod";
import { hiddenCharactersMessage } from "~/lib/form-fields";
import { MAX_IMAGE_DESCRIPTION_LENGTH, UPLOAD_PROBLEMS } from "./stock-images";
import { withoutHiddenCharacters } from "~/lib/schema-fields";
import { STOCK_IMAGE_LOCATIONS } from "./stock-image-locations";

/** The text fields of an image upload (the file itself is checked from its bytes). */
export const stockImageFieldsSchema = z.object({
  location: z.enum(STOCK_IMAGE_LOCATIONS, { errorMap: () => ({ message: UPLOAD_PROBLEMS.missing.description }) }),
  description: withoutHiddenCharacters(
    z.string().trim().max(MAX_IMAGE_DESCRIPTION_LENGTH, `Keep the description to ${MAX_IMAGE_DESCRIPTION_LENGTH} characters or fewer`),
    { multiLine: true, message: hiddenCharactersMessage("the description") },
  )
    .optional()
    .transform((value) => value || null),
});
