import type { FormErrors } from '../model/useFormCall.js';

/** The server's message when no field carries it (a 409, a network failure). */
export function FormMessage({ errors }: { errors: FormErrors | null }) {
  if (!errors || Object.keys(errors.fields).length > 0) return null;
  return (
    <p className="field-hint field-hint-error" role="alert">
      {errors.message}
    </p>
  );
}
