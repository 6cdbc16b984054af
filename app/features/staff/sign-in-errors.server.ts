/** The refusals sign-in shows the visitor, by the local form or the provider. */

/** A sign-in attempt that was understood and refused; the message is shown on the sign-in screen. */
export class SignInRefused extends Error {
  constructor(
    message: string,
    /** 401 unless said otherwise (429 while the client must wait, 503 while the password checks are full). */
    readonly status = 401,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Sign-in through the provider cannot start now; the message is shown to the visitor. */
export class ProviderUnavailable extends Error {}
