// The one error type services throw; the error handler turns it into the envelope.
// Messages are catalogue references (`MSG.x`), resolved into the caller's language when the answer is sent.
import type { FieldErrors } from '@topup/contract/envelope';
import { MSG, type Thing } from '@topup/contract/messages';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  static badRequest(message: string, fields?: FieldErrors) {
    return new AppError(400, message, fields);
  }
  /** A validation failure of one field; the message is the field's own. */
  static field(field: string, message: string) {
    return new AppError(400, message, { [field]: [message] });
  }
  static unauthorized(message: string = MSG.unauthorized) {
    return new AppError(401, message);
  }
  static notFound(what: Thing) {
    return new AppError(404, MSG.notFound(what));
  }
  static conflict(message: string, fields?: FieldErrors) {
    return new AppError(409, message, fields);
  }
}

/**
 * The top-level message of a 400 with field errors: the first field's first message; "This field is required."
 * names the field there too, since a client showing only the top line would not know which one.
 */
export function headlineOf(errors: FieldErrors): string {
  const [field, messages] = Object.entries(errors)[0] ?? [];
  const first = messages?.[0];
  if (!field || !first) return MSG.validationFailed;
  return first === MSG.required ? MSG.fieldRequired(field) : first;
}
