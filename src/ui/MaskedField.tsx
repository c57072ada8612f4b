import { formatMasked, MASKS, type MaskKind } from './masks.ts';
import { TextField, type TextFieldProps } from './TextField.tsx';

export interface MaskedFieldProps extends Omit<TextFieldProps, 'onChange' | 'maxLength' | 'inputMode'> {
  mask: MaskKind;
  onChange?: (value: string) => void;
}

/**
 * A text field that formats as the person types (phone, zip, date) instead of
 * a NumberField: these are identifiers, not quantities. Paste works; the
 * formatted value is what `onChange` receives.
 */
export function MaskedField({ mask, onChange, ...props }: MaskedFieldProps) {
  const spec = MASKS[mask];
  return (
    <TextField
      {...props}
      inputMode={spec.inputMode}
      autoComplete={props.autoComplete ?? spec.autoComplete}
      maxLength={spec.maxLength}
      placeholder={props.placeholder ?? spec.placeholder}
      onChange={(value) => onChange?.(formatMasked(mask, value))}
    />
  );
}
