/** A business rule said no: the JSON routes answer with its status; pages show the message in a toast, or by `field` when it names the field it is about. */
export class ModelError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 429,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ModelError";
  }
}

/** The record, or null when a model says it is not there (a dialog then says so, with a 404). */
export async function foundOrNull<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof ModelError && error.status === 404) return null;
    throw error;
  }
}
