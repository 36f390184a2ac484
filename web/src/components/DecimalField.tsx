/**
 * A number typed as text with a decimal keyboard, so '7,5' can be typed on an Italian tablet;
 * it shows why its value cannot be saved.
 */
import { TextField, type TextFieldProps } from './TextField.js';

export type DecimalFieldProps = Omit<TextFieldProps, 'type' | 'inputMode'> & { id: string };

export function DecimalField(props: DecimalFieldProps) {
  return <TextField {...props} inputMode="decimal" />;
}
