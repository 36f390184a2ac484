/** A form's call: busy while it runs, the server's message and per-field messages when it fails. */
import { useState } from 'react';
import { formErrors } from './errors.js';

export type FormErrors = { message: string; fields: Record<string, string> };

export function useFormCall() {
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const [busy, setBusy] = useState(false);
  /** Runs `call`; true when it succeeded. */
  async function run(call: () => Promise<void>): Promise<boolean> {
    setBusy(true);
    setErrors(null);
    try {
      await call();
      return true;
    } catch (err) {
      setErrors(formErrors(err));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { errors, setErrors, busy, run };
}
