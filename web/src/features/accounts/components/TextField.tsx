/** The accounts' forms use the shared text field, with the admin pages' error style. */
import { TextField as SharedTextField, type TextFieldProps } from '../../../components/TextField.js';

export function TextField(props: TextFieldProps) {
  return <SharedTextField errorClass="field-hint field-hint-error" {...props} />;
}

export const PASSWORD_HINT = 'Almeno 12 caratteri, non il nome utente né una password comune. Una frase è più facile da ricordare.';
