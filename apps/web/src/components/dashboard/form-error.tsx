// A server error inside a dialog, in red: the message and, when the server named fields, each field's first problem.
import { ApiError } from '../../lib/http';

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const fieldMessages = Object.values(error.fields).flat();
    if (fieldMessages.length && error.status === 400) return fieldMessages.join(' ');
    return error.message || fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function FormError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-600">
      {errorText(error, fallback)}
    </p>
  );
}
