/** Input masks: pure formatting of what was typed or pasted. */
export type MaskKind = 'phone' | 'zip' | 'date';

interface MaskSpec {
  readonly maxLength: number;
  readonly inputMode: 'numeric' | 'tel';
  readonly autoComplete: string;
  /** Only a format pattern (MM/DD/YYYY): an example number looks like a value already filled in. */
  readonly placeholder?: string;
}

export const MASKS: Record<MaskKind, MaskSpec> = {
  phone: { maxLength: 14, inputMode: 'tel', autoComplete: 'tel-national' },
  zip: { maxLength: 5, inputMode: 'numeric', autoComplete: 'postal-code' },
  date: { maxLength: 10, inputMode: 'numeric', autoComplete: 'off', placeholder: 'MM/DD/YYYY' },
};

/** Formats `raw` for the mask: digits only, grouped as the mask shows them. */
export function formatMasked(kind: MaskKind, raw: string): string {
  const digits = raw.replace(/\D/g, '');
  switch (kind) {
    case 'zip':
      return digits.slice(0, 5);
    case 'phone': {
      // A pasted +1 / leading 1 country code is dropped: US numbers only.
      const d = (digits.length > 10 && digits.startsWith('1') ? digits.slice(1) : digits).slice(0, 10);
      // Grouping starts at the fourth digit so backspace never fights the mask.
      if (d.length <= 3) return d;
      if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
      return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
    }
    case 'date': {
      const d = digits.slice(0, 8);
      return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/');
    }
  }
}
