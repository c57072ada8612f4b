/**
 * The card type, for every card form (Easy Fill's and the review page's card
 * form, the registration page's payment section): filled in from the number
 * (or the card held or on file) and changeable when it is not right
 * (member-transfer-flow.md section 4: "derived from the number and can be
 * overridden"). A debit type only the tokenizer names shows no radio ticked.
 */
import { CARD_TYPE_NAMES, PICKABLE_CARD_TYPES, type CardTypeNum } from '../../../machines/shared/rules/cardForm.ts';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';

export interface CardTypeFieldProps {
  id: string;
  value: CardTypeNum | null;
  onChange: (cardType: CardTypeNum) => void;
  isReadOnly?: boolean;
  isDisabled?: boolean;
}

export function CardTypeField({ id, value, onChange, isReadOnly, isDisabled }: CardTypeFieldProps) {
  return (
    <RadioGroup
      id={id}
      label="Card type"
      description="Filled in from the card number; change it if it is not right."
      orientation="horizontal"
      validationBehavior="aria"
      isReadOnly={isReadOnly}
      isDisabled={isDisabled}
      value={value === null ? null : String(value)}
      onChange={(key) => onChange(Number(key) as CardTypeNum)}
    >
      {PICKABLE_CARD_TYPES.map((n) => (
        <Radio key={n} value={String(n)}>
          {CARD_TYPE_NAMES[n]}
        </Radio>
      ))}
    </RadioGroup>
  );
}
