/**
 * The records the member flow's machines hand to each other
 * (member-transfer-flow.md section 3), built on the contract's types.
 */
import type { Pharmacy, PhysicianInformation, TransferPrescription } from '../contract.ts';

export type { Pharmacy, PhysicianInformation, TransferPrescription };

/**
 * A prescription added through the Add Prescription modal (section 3, "New-Rx
 * record built from a row"): status code 12 NonMaintenanceDrug, selected,
 * 90 days, not a controlled substance, with the member's choices.
 */
export interface NewRxRecord extends TransferPrescription {
  transferRxStatusInfo: { code: 12; description: 'NonMaintenanceDrug'; requestedDate: null };
  selected: true;
  daysSupply: 90;
  controlledSubstance: 0;
  /** true for 'Auto Refill', false for 'Not Auto Refill'. */
  prescriptionOption: boolean;
  /** true when the choice was 'This an active prescription being filled at another pharmacy'. */
  manualRx: boolean;
  rxNumber: string | null;
  pharmacyInfo: Pharmacy | null;
  physicianInfo: PhysicianInformation | null;
}

/** What the Add Prescription modal hands back when it is submitted. */
export interface AddedPrescriptions {
  records: NewRxRecord[];
  pharmacy: Pharmacy | null;
  physician: PhysicianInformation;
}
