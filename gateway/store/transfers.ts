/**
 * The auto-transfer list and transfer requests: the transfer status codes of
 * spec section 4, the list a member sees, the new-prescription check and the
 * stored submission.
 */
import { createOrder } from './orderStatus.ts';
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import type { DrugsTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';
import { GatewayError } from '../errors.ts';
import { SPECIALTY_PHONE } from '../reference/contact.ts';
import { inTransaction } from './idempotency.ts';
import { autoRefillRefusal } from '../../machines/shared/rules/autoRefillRule.ts';
// The codes' table and display order are the member flow's one rule, which the page reads too.
import { displayRank, LIST_LIMITS, TRANSFER_CODES, type DrugGroup } from '../../machines/member/rules/transferList.ts';

type TransferPrescription = components['schemas']['TransferPrescription'];
type TransferSubmission = components['schemas']['TransferSubmission'];
type StatusCode = components['schemas']['TransferStatusCode'];

/** Orders are processed and shipped within 5 days of receiving the prescription (spec section 1). */
const SHIPS_WITHIN_DAYS = 5;

/** Messages of spec section 8 for the codes the new-prescription check gives. */
const NEW_RX_MESSAGES: Partial<Record<StatusCode, string>> = {
  1: `This is a specialty medication. Please call the specialty service center at ${SPECIALTY_PHONE}.`,
  2: 'This drug is not a maintenance medication and may not be covered for mail order. You may continue; we will contact you if there is an issue.',
  3: 'This drug is a C2 controlled substance. Please ask your doctor to e-prescribe or fax a new prescription.',
  4: 'This drug is a controlled substance and may not be eligible for mail order.',
  11: 'The patient already has a prescription for this medication.',
  12: 'OK to request new prescription.',
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The member's prescriptions at other pharmacies, in display order. */
export async function transferList(db: Db, memberNumber: string): Promise<(TransferPrescription & { group: DrugGroup })[]> {
  const rows = await db.selectFrom('transferCandidates as c').innerJoin('drugs as d', 'd.ndc', 'c.ndc')
    .select(['c.candidateId', 'c.ndc', 'c.daysSupply', 'c.transferCode', 'c.requestedDate', 'c.incumbentCopayAmount', 'c.midCopayAmount',
      'd.gpi', 'd.labelName', 'd.brandName', 'd.genericName', 'd.strength'])
    .where('c.memberNumber', '=', memberNumber).orderBy('c.candidateId').execute();
  const rank = (code: number) => displayRank(code as StatusCode);
  rows.sort((a, b) => rank(a.transferCode) - rank(b.transferCode) || a.candidateId - b.candidateId);
  return rows.map((r) => {
    const code = r.transferCode as StatusCode;
    const info = TRANSFER_CODES[code];
    return {
      group: info.group,
      ndc: r.ndc,
      gpi: r.gpi,
      labelName: r.labelName,
      brandName: r.brandName,
      genericName: r.genericName,
      strength: r.strength,
      daysSupply: r.daysSupply,
      selected: false,
      copayInfo: {
        incumbentCopayAmount: r.incumbentCopayAmount,
        dailyIncumbentCopayAmount: r.incumbentCopayAmount === null ? null : round2(r.incumbentCopayAmount / r.daysSupply),
        midCopayAmount: r.midCopayAmount,
        dailyMIDCopayAmount: r.midCopayAmount === null ? null : round2(r.midCopayAmount / LIST_LIMITS.mailOrderDays),
      },
      transferRxStatusInfo: {
        code,
        description: info.description,
        requestedDate: [8, 9, 10].includes(code) ? r.requestedDate : null,
      },
    };
  });
}

/**
 * Status of a drug the member looks up in Add Prescription. First match wins:
 * specialty (1), C2 (3), C3-C5 (4), not a maintenance drug (2), already on the
 * member's transfer list (11), otherwise a new prescription (12).
 */
export function newRxStatus(drug: Selectable<DrugsTable>, onTransferList: boolean) {
  const code: StatusCode = drug.specialty ? 1
    : drug.controlledClass === 2 ? 3
      : drug.controlledClass >= 3 ? 4
        : !drug.maintenance ? 2
          : onTransferList ? 11
            : 12;
  return {
    transferRxStatusInfo: { code, description: TRANSFER_CODES[code].description, requestedDate: null },
    eligibleStatusMessage: NEW_RX_MESSAGES[code] ?? null,
  };
}

/** Today in the pharmacy's calendar (spec section 9: date comparisons use Pacific time). */
export function pacificDay(instant: Date, plusDays = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.toISOString().slice(0, 10);
}

const unprocessable = (m: string) => new GatewayError(422, m);
const doctorName = (p: { firstName: string; lastName: string } | null | undefined) => (p ? `${p.firstName} ${p.lastName}` : null);

/** Stores a Finish submission; every line is estimated to ship within 5 days. */
export async function submitTransfer(db: Db, memberNumber: string, body: TransferSubmission, now: Date, dueAt: (now: Date) => Date) {
  const { newRxRequests, physicianInformation } = body.newRx;
  const { transfers } = body.transferRx;
  if (newRxRequests.length + transfers.length === 0) throw unprocessable('No prescriptions selected.');
  if (newRxRequests.length && !physicianInformation) throw unprocessable('Please select your doctor');

  const ndcs = [...new Set([...newRxRequests.map((r) => r.rxInformation.requestDrugNDC), ...transfers.map((t) => t.drugNDC)])];
  const drugs = new Map((await db.selectFrom('drugs').select(['ndc', 'controlledClass']).where('ndc', 'in', ndcs).execute()).map((d) => [d.ndc, d]));
  const unknown = ndcs.find((n) => !drugs.has(n));
  if (unknown) throw unprocessable(`Unknown drug (NDC ${unknown}).`);

  // Auto refill's one rule (the SPA's too): not for a controlled substance nor a government-funded plan
  // (Part D); mail order fills 90 days' supply (a shorter fill is converted, section 9).
  const onAutoRefill = [
    ...newRxRequests.filter((r) => r.rxInformation.autoRefill).map((r) => ({ ndc: r.rxInformation.requestDrugNDC, name: r.rxInformation.requestDrugName })),
    ...transfers.filter((t) => t.autoRefill).map((t) => ({ ndc: t.drugNDC, name: t.selectedDrugName })),
  ];
  if (onAutoRefill.length) {
    const { isPartD } = await db.selectFrom('members').select('isPartD').where('memberNumber', '=', memberNumber).executeTakeFirstOrThrow();
    for (const line of onAutoRefill) {
      const refusal = autoRefillRefusal({ controlled: drugs.get(line.ndc)!.controlledClass > 0, governmentFunded: isPartD, daysSupply: LIST_LIMITS.mailOrderDays });
      if (refusal) throw unprocessable(`${line.name}: ${refusal}`);
    }
  }

  const candidates = await db.selectFrom('transferCandidates').select(['ndc', 'transferCode', 'pharmacyName'])
    .where('memberNumber', '=', memberNumber).execute();
  for (const t of transfers) {
    const listed = candidates.filter((c) => c.ndc === t.drugNDC);
    if (listed.some((c) => !TRANSFER_CODES[c.transferCode as StatusCode].selectable)) throw unprocessable(`${t.selectedDrugName} cannot be transferred.`);
    // Only the list's claim records know the pharmacy; a manual entry has to name it.
    if (!listed.length && !t.pharmacyInformation) throw unprocessable(`Enter Pharmacy Name for ${t.selectedDrugName}.`);
  }

  const estimatedRefillDate = pacificDay(now, SHIPS_WITHIN_DAYS);
  const lines = [
    ...newRxRequests.map((r) => ({
      kind: 'newRx' as const, drugNdc: r.rxInformation.requestDrugNDC, drugName: r.rxInformation.requestDrugName, rxNumber: null,
      autoRefill: r.rxInformation.autoRefill, pharmacyName: null, physicianName: doctorName(physicianInformation),
    })),
    ...transfers.map((t) => ({
      kind: 'transfer' as const, drugNdc: t.drugNDC, drugName: t.selectedDrugName, rxNumber: t.transferRxNumber ?? null, autoRefill: t.autoRefill,
      // A prescription from the list may come without pharmacy: its claim record names it.
      pharmacyName: t.pharmacyInformation?.pharmacyName ?? candidates.find((c) => c.ndc === t.drugNDC)?.pharmacyName ?? null,
      physicianName: doctorName(t.physicianInformation),
    })),
  ];
  // The caller's transaction, when it has one (an Idempotency-Key's: store/idempotency.ts).
  const copays = new Map((await db.selectFrom('transferCandidates').select(['ndc', 'midCopayAmount']).where('memberNumber', '=', memberNumber).execute())
    .map((c) => [c.ndc, c.midCopayAmount]));
  const { requestId, orderNumber } = await inTransaction(db, async (tx) => {
    const { requestId } = await tx.insertInto('transferRequests').values({ memberNumber, siteIdentifier: body.siteIdentifier, createdAt: now })
      .returning('requestId').executeTakeFirstOrThrow();
    await tx.insertInto('transferRequestLines').values(lines.map((l) => ({ ...l, requestId, estimatedRefillDate }))).execute();
    // The request's order (kind transfer), in the request's transaction: the member follows it by its number.
    // It ships to the patient's default shipping address once registered; the copay is mail order's where the claim records know it.
    const member = await tx.selectFrom('members').select('patientId').where('memberNumber', '=', memberNumber).executeTakeFirst();
    const patientId = member?.patientId ?? null;
    const shipping = patientId === null ? undefined : await tx.selectFrom('addresses').select('addressId')
      .where('patientId', '=', patientId).where('active', '=', true).orderBy('defaultShipping', 'desc').orderBy('addressId').executeTakeFirst();
    const order = await createOrder(tx, {
      kind: 'transfer', patientId, memberNumber, transferRequestId: requestId, shippingAddressId: shipping?.addressId ?? null,
      items: lines.map((l) => ({ rxId: null, drugName: l.drugName, daysSupply: LIST_LIMITS.mailOrderDays, copay: copays.get(l.drugNdc) ?? null })),
    }, now, dueAt);
    return { requestId, orderNumber: order.orderNumber };
  });
  return {
    requestId,
    orderNumber,
    transferRxResponse: { transferInformation: lines.map((l) => ({ prescriptionName: l.drugName, estimatedRefillDate })) },
    messageStatus: true,
  };
}
