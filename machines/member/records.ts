/**
 * The records the member flow's machines hand to each other
 * (member-transfer-flow.md section 3), built on the contract's types.
 */
import type { Pharmacy, PhysicianInformation, TransferPrescription, TransferStatusCode } from '../contract.ts';

export type { Pharmacy, PhysicianInformation, TransferPrescription };

/**
 * A prescription added through the Add Prescription modal (section 3, "New-Rx
 * record built from a row"): status code 12 NonMaintenanceDrug, selected,
 * 90 days, with the member's choices. Unlike the document's record (always
 * controlledSubstance 0), it keeps what the drug's eligibility check said:
 * a controlled substance stays one on the list, the review and the request
 * (docs/member-flow.md).
 */
export interface NewRxRecord extends TransferPrescription {
  transferRxStatusInfo: { code: 12; description: 'NonMaintenanceDrug'; requestedDate: null };
  selected: true;
  daysSupply: 90;
  /** 1 when the eligibility check's code says a controlled substance. */
  controlledSubstance: 0 | 1;
  /** The eligibility check's answer for the drug (its code and eligibleStatusMessage). */
  eligibility: { code: TransferStatusCode; message: string | null };
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
