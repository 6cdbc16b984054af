/** An email as written: its subject, plain text and HTML. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}
