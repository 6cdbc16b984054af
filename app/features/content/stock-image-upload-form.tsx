import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { Upload } from "~/ui/icons";
import { useEffect, useRef, type ChangeEvent, type FormEvent } from "react";
import { Button } from "~/ui/button";
import { Field, FileInput, Select, Textarea } from "~/ui/field";
import { showToast } from "~/ui/toaster";
import { ACCEPTED_IMAGE_TYPES, detectImageType, IMAGE_SIGNATURE_BYTES } from "~/lib/image-type";
import { MAX_IMAGE_DESCRIPTION_LENGTH, UPLOAD_PROBLEMS, type UploadProblem } from "./stock-images";
import { STOCK_IMAGE_LOCATIONS, STOCK_IMAGE_LOCATION_LABELS } from "./stock-image-locations";
import { MAX_IMAGE_BYTES } from "~/lib/image-type";

const ACTION = "/admin/stock-images";

/** The checks the server makes, run before sending so a wrong file is caught at once. */
async function problemWithFile(file: File): Promise<UploadProblem | null> {
  if (file.size > MAX_IMAGE_BYTES) return "tooLarge";
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  return detectImageType(head) ? null : "invalidFile";
}

function chosenFile(form: HTMLFormElement): File | null {
  const input = form.elements.namedItem("image") as HTMLInputElement | null;
  return input?.files?.[0] ?? null;
}

function warn(problem: UploadProblem) {
  const { title, description } = UPLOAD_PROBLEMS[problem];
  showToast({ kind: "destructive", title, description, id: `${problem}-${Date.now()}` });
}

/**
 * The upload form: a real multipart post that the server checks. With
 * JavaScript the same checks run first (and on choosing a file), the
 * button reads "Uploading..." while it sends, and the form is cleared
 * afterwards, whether the upload was stored or refused (SPEC section 4).
 */
export function StockImageUploadForm() {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formAction === ACTION && navigation.formMethod === "POST";
  const sent = useRef(false);

  useEffect(() => {
    if (navigation.state === "idle" && sent.current) {
      sent.current = false;
      form.current?.reset();
    }
  }, [navigation.state]);

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = await problemWithFile(file);
    if (problem) {
      warn(problem);
      input.value = "";
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const file = chosenFile(element);
    const location = (element.elements.namedItem("location") as HTMLSelectElement).value;
    const problem = !file || !location ? "missing" : await problemWithFile(file);
    if (problem) {
      warn(problem);
      element.reset();
      return;
    }
    sent.current = true;
    submit(element, { method: "post", action: ACTION, encType: "multipart/form-data", preventScrollReset: true });
  };

  return (
    <Form
      ref={form}
      method="post"
      action={ACTION}
      encType="multipart/form-data"
      // The server gives the spec's messages for a missing file or location, so the browser's own checks stay out of the way.
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="upload-heading"
      className="grid gap-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div>
        <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
          Upload a new image
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          JPEG, PNG, GIF, WebP or AVIF, up to 10MB. It appears on the website in the section you choose on the next page view.
        </p>
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <Field id="stock-image-file" label="Image file" required>
          {(control) => (
            <FileInput {...control} required={undefined} aria-required name="image" accept={ACCEPTED_IMAGE_TYPES.join(",")} onChange={onFileChosen} />
          )}
        </Field>
        <Field id="stock-image-location" label="Location" required>
          {(control) => (
            <Select {...control} required={undefined} aria-required name="location" defaultValue="">
              <option value="" disabled>
                Select where the image appears
              </option>
              {STOCK_IMAGE_LOCATIONS.map((location) => (
                <option key={location} value={location}>
                  {STOCK_IMAGE_LOCATION_LABELS[location]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id="stock-image-description"
          label="Description (optional)"
          hint="Describe what the picture shows: it is read out to visitors who use a screen reader."
          className="md:col-span-2"
        >
          {(control) => <Textarea {...control} name="description" rows={2} maxLength={MAX_IMAGE_DESCRIPTION_LENGTH} />}
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={uploading}>
          <Upload className="size-4" aria-hidden />
          {uploading ? "Uploading..." : "Upload Image"}
        </Button>
      </div>
    </Form>
  );
}
