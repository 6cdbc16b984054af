/**
 * A business rule said no. Carries the HTTP status the JSON routes answer
 * with; pages show the message in a toast.
 */
export class ModelError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413,
    message: string,
  ) {
    super(message);
    this.name = "ModelError";
  }
}
