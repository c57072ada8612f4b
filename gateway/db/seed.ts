/**
 * Seeds the demo personas (personas.ts) and the reference data (drug catalogue,
 * allergy and condition lists). Dates that matter to the flows (consent end,
 * refill dates, link expiry) are relative to the seeding day.
 */
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { drugCatalog, type CatalogDrug } from '../data/drugs.ts';
import { allergies, conditions } from '../data/health.ts';
import type { OrderExceptionKind, OrderStageValue } from './schema.ts';
import { createOrder } from '../store/orderStatus.ts';
import { BILL_ME_LATER_PAYMENT_TYPE } from '../store/orders.ts';
import { ORDER_STAGES } from '../../machines/shared/rules/orderStages.ts';
import { MAX_ATTEMPTS } from '../../machines/shared/rules/verifyAttempts.ts';

export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('members').select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}

export const BANNER_HTML =
  '<p><strong>Same pharmacy, new name.</strong> Your prescriptions, doctors and settings carry over. ' +
  '<a href="/AboutUs">Learn more about us</a></p>';

/** Finds a catalogue drug by the start of its label and its strength. */
function drug(label: string, strength: string): CatalogDrug {
  const found = drugCatalog.find(
    (d) => d.labelName.startsWith(label.toUpperCase()) && d.strength.toLowerCase() === strength.toLowerCase(),
  );
  if (!found) throw new Error(`Seed drug missing from the catalogue: ${label} ${strength}`);
  return found;
}

export async function seed(db: Db, options: { now: Date; banner: boolean }): Promise<void> {
  const day = (offset: number) => new Date(options.now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const at = (offset: number) => new Date(options.now.getTime() + offset * 86_400_000);

  await db.transaction().execute(async (tx) => {
    await tx.insertInto('drugs').values(drugCatalog.map((d) => ({ ...d }))).execute();
    await tx.insertInto('allergyRef').values(allergies.map((a) => ({ ...a }))).execute();
    await tx.insertInto('conditionRef').values(conditions.map((c) => ({ ...c }))).execute();
    await tx.insertInto('banners').values({ bannerId: 1, value: BANNER_HTML, active: options.banner }).execute();

    // ---- Members -------------------------------------------------------
    const member = (m: {
      memberNumber: string; firstName: string; lastName: string; birthDate: string; gender: string;
      eligible?: boolean; allowBillMeLater?: boolean; isPartD?: boolean;
    }) => ({
      middleName: null, eligible: true, allowBillMeLater: false, isPartD: false, patientId: null,
      hqCode: 'MMA01', personCode: '001', relationshipCode: '1', ...m,
    });
    await tx.insertInto('members').values([
      member({ memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12', gender: 'F' }),
      member({ memberNumber: 'MMA100002', firstName: 'James', lastName: 'Carter', birthDate: '1971-09-30', gender: 'M' }),
      member({ memberNumber: 'MMA100003', firstName: 'Linda', lastName: 'Nguyen', birthDate: '1949-01-05', gender: 'F', allowBillMeLater: true }),
      member({ memberNumber: 'MMA100004', firstName: 'Robert', lastName: 'Smith', birthDate: '1980-06-15', gender: 'M', eligible: false }),
      member({ memberNumber: 'MMA100005', firstName: 'Aisha', lastName: 'Khan', birthDate: '1990-11-20', gender: 'F' }),
      member({ memberNumber: 'MMA100006', firstName: 'Carlos', lastName: 'Rivera', birthDate: '1965-03-08', gender: 'M', isPartD: true }),
    ]).execute();

    const patient = async (memberNumber: string, email: string | null, profileLinked: boolean) => {
      const m = await tx.selectFrom('members').selectAll().where('memberNumber', '=', memberNumber).executeTakeFirstOrThrow();
      const { patientId } = await tx.insertInto('patients').values({
        memberNumber, firstName: m.firstName, middleName: null, lastName: m.lastName, gender: m.gender,
        birthDate: m.birthDate, email, profileLinked,
      }).returning('patientId').executeTakeFirstOrThrow();
      await tx.updateTable('members').set({ patientId }).where('memberNumber', '=', memberNumber).execute();
      return patientId;
    };
    const maria = await patient('MMA100001', 'maria.lopez@example.com', true);
    const linda = await patient('MMA100003', 'linda.nguyen@example.com', false);
    const aisha = await patient('MMA100005', 'aisha.khan@example.com', true);
    const carlos = await patient('MMA100006', 'carlos.rivera@example.com', false);

    // ---- Addresses, phones, cards, notifications, health ---------------
    const home = { addressTypeId: 1, address2: null, startDate: null, endDate: null, active: true };
    await tx.insertInto('addresses').values([
      { ...home, patientId: maria, address1: '1420 E Apache Blvd', city: 'Tempe', state: 'AZ', zipCode: '85281', defaultShipping: true, defaultBilling: true },
      { ...home, patientId: maria, addressTypeId: 2, address1: '200 W Washington St', address2: 'Suite 400', city: 'Phoenix', state: 'AZ', zipCode: '85004', defaultShipping: false, defaultBilling: false },
      { ...home, patientId: linda, address1: '88 N 3rd St', city: 'Phoenix', state: 'AZ', zipCode: '85004', defaultShipping: true, defaultBilling: true },
      { ...home, patientId: aisha, address1: '915 W Main St', city: 'Mesa', state: 'AZ', zipCode: '85201', defaultShipping: true, defaultBilling: true },
      { ...home, patientId: carlos, address1: '350 S Grand Ave', city: 'Los Angeles', state: 'CA', zipCode: '90012', defaultShipping: true, defaultBilling: true },
    ]).execute();
    await tx.insertInto('phones').values([
      { patientId: maria, areaCode: '480', phoneNumber: '5550142', phoneType: 8, isPrimary: true, extension: null, sourceId: 1 },
      { patientId: maria, areaCode: '602', phoneNumber: '5550177', phoneType: 4, isPrimary: false, extension: '204', sourceId: 1 },
      { patientId: linda, areaCode: '602', phoneNumber: '5550123', phoneType: 1, isPrimary: true, extension: null, sourceId: 1 },
      { patientId: aisha, areaCode: '480', phoneNumber: '5550188', phoneType: 8, isPrimary: true, extension: null, sourceId: 1 },
      { patientId: carlos, areaCode: '213', phoneNumber: '5550164', phoneType: 8, isPrimary: true, extension: null, sourceId: 1 },
    ]).execute();
    const card = { cardActive: true, fsaCard: false, defaultCard: false };
    await tx.insertInto('paymentCards').values([
      { ...card, patientId: maria, cardFirstName: 'Maria', cardLastName: 'Lopez', cardTypeNum: 1, lastDigits: '1111', pciToken: 'tok_seed_maria_visa', cardMonth: 8, cardYear: 2029, defaultCard: true },
      { ...card, patientId: maria, cardFirstName: 'Maria', cardLastName: 'Lopez', cardTypeNum: 2, lastDigits: '4444', pciToken: 'tok_seed_maria_mc', cardMonth: 3, cardYear: 2028, fsaCard: true },
      { ...card, patientId: aisha, cardFirstName: 'Aisha', cardLastName: 'Khan', cardTypeNum: 3, lastDigits: '1117', pciToken: 'tok_seed_aisha_disc', cardMonth: 11, cardYear: 2030, defaultCard: true },
      { ...card, patientId: carlos, cardFirstName: 'Carlos', cardLastName: 'Rivera', cardTypeNum: 4, lastDigits: '0005', pciToken: 'tok_seed_carlos_amex', cardMonth: 1, cardYear: 2031, defaultCard: true },
    ]).execute();
    await tx.insertInto('notificationSettings').values([
      { patientId: maria, modalityTypeId: 3, modalityValueId: null, modalityValue: 'maria.lopez@example.com', optIn: true, timeZone: null },
      { patientId: aisha, modalityTypeId: 2, modalityValueId: null, modalityValue: '4805550188', optIn: true, timeZone: 'M' },
      { patientId: carlos, modalityTypeId: 1, modalityValueId: null, modalityValue: '2135550164', optIn: true, timeZone: 'P' },
    ]).execute();
    const allergy = (patientId: number, ref: string) => {
      const a = allergies.find((x) => x.allergyRefNum === ref)!;
      return { patientId, allergyRefNum: a.allergyRefNum, allergyDesc: a.allergyDesc, statusCode: 'A' };
    };
    const condition = (patientId: number, ref: number) => {
      const c = conditions.find((x) => x.diseaseRefNum === ref)!;
      return { patientId, diseaseRefNum: c.diseaseRefNum, diseaseDesc: c.diseaseDesc, statusCode: 'A' };
    };
    const commonAllergy = allergies.filter((a) => a.common);
    const commonCondition = conditions.filter((c) => c.common);
    await tx.insertInto('patientAllergies').values([
      allergy(maria, commonAllergy[0]!.allergyRefNum),
      allergy(linda, '00153'),
      allergy(aisha, '00153'),
    ]).execute();
    await tx.insertInto('patientConditions').values([
      condition(maria, commonCondition[0]!.diseaseRefNum),
      condition(maria, commonCondition[1]!.diseaseRefNum),
      condition(linda, commonCondition[0]!.diseaseRefNum),
      condition(aisha, 0),
    ]).execute();

    // ---- Physicians ----------------------------------------------------
    const doctors = [
      ['1457396812', 'Elena', 'Marsh', '2250 E Southern Ave', 'Tempe', 'AZ', '85282', '4805550110'],
      ['1386750243', 'David', 'Okafor', '1300 N 12th St', 'Phoenix', 'AZ', '85006', '6025550111'],
      ['1962483570', 'Priya', 'Raman', '7400 E Osborn Rd', 'Scottsdale', 'AZ', '85251', '4805550112'],
      ['1730284956', 'Thomas', 'Whitfield', '1111 E McDowell Rd', 'Phoenix', 'AZ', '85006', '6025550113'],
      ['1093847561', 'Grace', 'Liu', '1520 S Dobson Rd', 'Mesa', 'AZ', '85202', '4805550114'],
      ['1649302857', 'Miguel', 'Santos', '1200 N State St', 'Los Angeles', 'CA', '90033', '2135550115'],
      ['1528374960', 'Hannah', 'Berg', '8700 Beverly Blvd', 'Los Angeles', 'CA', '90048', '3105550116'],
      ['1815263749', 'Samuel', 'Marsh', '525 E 68th St', 'New York', 'NY', '10065', '2125550117'],
      ['1274639058', 'Olivia', 'Grant', '1 Medical Center Dr', 'Lebanon', 'NH', '03756', '6035550118'],
      ['1306958274', 'Daniel', 'Cho', '4500 San Pablo Rd S', 'Jacksonville', 'FL', '32224', '9045550119'],
    ] as const;
    const doctorAddress: number[] = [];
    for (const [i, [npi, firstName, lastName, street, city, state, zipCode, phone]] of doctors.entries()) {
      const { physicianId } = await tx.insertInto('physicians').values({
        npi, deaNo: `B${lastName[0]}${String(4_000_000 + i * 1379).slice(0, 7)}`, ePostDoctorNum: 20_000 + i,
        firstName, middleName: null, lastName,
      }).returning('physicianId').executeTakeFirstOrThrow();
      const { addressId } = await tx.insertInto('physicianAddresses').values({
        physicianId, streetAddress1: street, streetAddress2: null, city, state, zipCode,
        phoneNumber: phone, faxNumber: `${phone.slice(0, 6)}${String(Number(phone.slice(6)) + 50).padStart(4, '0')}`,
      }).returning('addressId').executeTakeFirstOrThrow();
      doctorAddress.push(addressId);
    }
    await tx.insertInto('patientPhysicians').values([
      { patientId: maria, physicianAddressId: doctorAddress[0]! },
      { patientId: maria, physicianAddressId: doctorAddress[1]! },
      { patientId: maria, physicianAddressId: doctorAddress[2]! },
      { patientId: linda, physicianAddressId: doctorAddress[3]! },
      { patientId: carlos, physicianAddressId: doctorAddress[5]! },
    ]).execute();

    // ---- Prescriptions at other pharmacies (the auto-transfer list) ----
    type Candidate = [label: string, strength: string, code: number, daysSupply: number, incumbent: number | null, mid: number | null];
    const candidates = (memberNumber: string, list: Candidate[], doctor: number | null) =>
      list.map(([label, strength, transferCode, daysSupply, incumbent, mid], i) => ({
        memberNumber, ndc: drug(label, strength).ndc, daysSupply, transferCode,
        requestedDate: [8, 9, 10].includes(transferCode) ? day(-3 - i) : null,
        incumbentCopayAmount: incumbent, midCopayAmount: mid,
        pharmacyName: i % 2 ? 'Desert Sun Pharmacy' : 'Mill Avenue Drug', pharmacyPhone: i % 2 ? '4805550150' : '4805550151',
        physicianAddressId: doctor,
      }));
    await tx.insertInto('transferCandidates').values([
      ...candidates('MMA100001', [
        ['ATORVASTATIN', '20 mg', 0, 90, 30, 10],
        ['LISINOPRIL', '10 mg', 0, 30, 12, 5],
        ['SERTRALINE', '50 mg', 2, 90, 24, 15],
        ['OMEPRAZOLE', '20 mg', 2, 30, 18, 9],
        ['ADALIMUMAB', '40 mg/0.4 mL', 1, 28, 250, null],
        ['OXYCODONE', '5 mg', 3, 30, 15, null],
        ['ALPRAZOLAM', '0.5 mg', 4, 30, 10, 6],
        ['ZOLPIDEM', '10 mg', 5, 30, 14, 8],
        ['METFORMIN', '500 mg', 6, 90, 9, 0],
        ['LEVOTHYROXINE', '50 mcg', 7, 90, 11, 6],
        ['AMLODIPINE', '5 mg', 8, 90, 8, 3],
        ['LOSARTAN', '50 mg', 9, 90, 20, 10],
        ['METOPROLOL', '25 mg', 10, 90, 13, 7],
        ['ROSUVASTATIN', '10 mg', 11, 90, 35, 15],
      ], doctorAddress[0]!),
      ...candidates('MMA100002', [
        ['ATORVASTATIN', '40 mg', 0, 90, 28, 10],
        ['METFORMIN', '1000 mg', 0, 90, 10, 0],
        ['LISINOPRIL', '20 mg', 2, 30, 14, 5],
        ['TRAMADOL', '50 mg', 4, 30, 12, 8],
        ['HYDROCHLOROTHIAZIDE', '25 mg', 6, 90, 7, 3],
        ['ETANERCEPT', '50 mg/mL', 1, 28, 300, null],
      ], doctorAddress[1]!),
      ...candidates('MMA100003', [
        ['LEVOTHYROXINE', '75 mcg', 0, 90, 11, 5],
        ['AMLODIPINE', '10 mg', 0, 90, 9, 3],
        ['ALENDRONATE', '70 mg', 2, 28, 15, 9],
      ], doctorAddress[3]!),
      ...candidates('MMA100006', [
        ['LOSARTAN', '100 mg', 0, 90, 22, 10],
        ['METFORMIN', '500 mg', 0, 90, 9, 0],
        ['ROSUVASTATIN', '20 mg', 2, 30, 30, 15],
      ], doctorAddress[5]!),
    ]).execute();

    // ---- The pharmacy's own prescriptions and the refill links ---------
    const rx = async (patientId: number, label: string, strength: string, o: {
      daysSupply?: number; copay?: number | null; eligible?: boolean; on?: boolean; consentEnd?: string | null;
      mustOrder?: boolean; refill?: string | null;
    } = {}) => {
      const d = drug(label, strength);
      const { rxId } = await tx.insertInto('prescriptions').values({
        patientId, ndc: d.ndc, dispensedMedName: d.labelName.replace(` ${d.strength.toUpperCase()}`, '').replace(` ${d.dosageForm.toUpperCase()}`, ''),
        strength: d.strength, dosageForm: d.dosageForm, daysSupply: o.daysSupply ?? 90,
        copay: o.copay === undefined ? 10 : o.copay, autoFillEligible: o.eligible ?? true, autoRefillOn: o.on ?? false,
        consentEndDate: o.consentEnd ?? null, mustPlaceOrder: o.mustOrder ?? false, recommendedRefillDate: o.refill ?? day(12),
      }).returning('rxId').executeTakeFirstOrThrow();
      return rxId;
    };
    const link = async (linkId: string, kind: 'easyfill' | 'autorefill', patientId: number, rxs: { rxId: number; requested?: boolean; ordered?: boolean }[], o: {
      linkType?: string; expired?: boolean; attempts?: number;
    } = {}) => {
      const { linkKey } = await tx.insertInto('links').values({
        linkId, kind, patientId, linkType: o.linkType ?? 'refill', status: o.expired ? 'EXPIRED' : 'ACTIVE', isValid: true,
        expiresAt: o.expired ? at(-1) : at(30), remainingAttempts: o.attempts ?? MAX_ATTEMPTS, clickCount: 0,
      }).returning('linkKey').executeTakeFirstOrThrow();
      if (rxs.length) {
        await tx.insertInto('linkPrescriptions').values(rxs.map((r) => ({
          linkKey, rxId: r.rxId, requested: r.requested ?? false, orderedAt: r.ordered ? at(-2) : null,
        }))).execute();
      }
      return linkKey;
    };

    await link('demo-refill', 'easyfill', maria, [
      { rxId: await rx(maria, 'ATORVASTATIN', '20 mg', { copay: 10 }) },
      { rxId: await rx(maria, 'APIXABAN', '5 mg', { copay: 1250 }) },
      { rxId: await rx(maria, 'TRAMADOL', '50 mg', { daysSupply: 30, copay: 12.5, eligible: false }) },
      { rxId: await rx(maria, 'METFORMIN', '500 mg', { copay: null, on: true, consentEnd: day(200) }) },
    ]);
    await link('demo-newrx', 'easyfill', maria, [
      { rxId: await rx(maria, 'LOSARTAN', '50 mg', { copay: 8 }) },
      { rxId: await rx(maria, 'SERTRALINE', '50 mg', { copay: 6.75 }) },
    ], { linkType: 'newrx' });
    await link('demo-billmelater', 'easyfill', linda, [
      { rxId: await rx(linda, 'LEVOTHYROXINE', '75 mcg', { copay: 5 }) },
      { rxId: await rx(linda, 'AMLODIPINE', '10 mg', { copay: 3 }) },
    ]);
    await link('demo-expired', 'easyfill', maria, [{ rxId: await rx(maria, 'LISINOPRIL', '10 mg') }], { expired: true });
    const orderedRx = await rx(maria, 'OMEPRAZOLE', '20 mg');
    const demoOrdered = await link('demo-ordered', 'easyfill', maria, [{ rxId: orderedRx, ordered: true }]);
    await link('demo-locked', 'easyfill', maria, [{ rxId: await rx(maria, 'LISINOPRIL', '20 mg') }], { attempts: 0 });

    await link('demo-autorefill', 'autorefill', maria, [
      { rxId: await rx(maria, 'ROSUVASTATIN', '10 mg'), requested: true },
      { rxId: await rx(maria, 'AMLODIPINE', '5 mg') },
      { rxId: await rx(maria, 'LOSARTAN', '100 mg', { mustOrder: true, refill: day(5) }) },
      { rxId: await rx(maria, 'METOPROLOL', '25 mg', { on: true, consentEnd: day(21) }) },
    ]);
    await link('demo-partial', 'autorefill', maria, [
      { rxId: await rx(maria, 'ATORVASTATIN', '40 mg'), requested: true },
      // Flagged eligible when the link was made, but its last fill was 30 days:
      // the gateway's 84-day rule refuses it at enrolment, so manage answers 207.
      { rxId: await rx(maria, 'HYDROCHLOROTHIAZIDE', '25 mg', { daysSupply: 30 }) },
    ]);
    await link('demo-expired', 'autorefill', maria, [{ rxId: await rx(maria, 'ESCITALOPRAM', '10 mg') }], { expired: true });
    await link('demo-nodefaults', 'autorefill', linda, [
      { rxId: await rx(linda, 'ALENDRONATE', '70 mg'), requested: true },
    ]);

    // ---- Orders in every stage and every exception (personas.ts orderPersonas lists them) ----
    // Seeded orders stay where they are (no next move is due), so the list stays true; new orders move.
    const homeOf = async (patientId: number) => (await tx.selectFrom('addresses').select('addressId').where('patientId', '=', patientId)
      .where('defaultShipping', '=', true).executeTakeFirstOrThrow()).addressId;
    const cardOf = async (patientId: number) => (await tx.selectFrom('paymentCards').select('cardSeqNum').where('patientId', '=', patientId)
      .where('defaultCard', '=', true).executeTakeFirstOrThrow()).cardSeqNum;
    type SeedItem = { drug: string; copay: number | null; stage: OrderStageValue; exception?: { kind: OrderExceptionKind; reason?: string; askedAgainDays?: number } };
    const order = async (o: { kind: 'refill' | 'transfer'; patientId: number; memberNumber: string; placedDays: number; linkKey?: number; card: boolean;
      exception?: { kind: 'paymentDeclined' | 'shipmentDelayed'; reason?: string }; items: SeedItem[] }) => {
      const placed = at(o.placedDays);
      const shipping = await homeOf(o.patientId);
      const { orderId } = await createOrder(tx, {
        kind: o.kind, patientId: o.patientId, memberNumber: o.kind === 'transfer' ? o.memberNumber : null, linkKey: o.linkKey ?? null,
        shippingAddressId: shipping, billingAddressId: shipping, paymentCardId: o.card ? await cardOf(o.patientId) : null,
        paymentMethodTypeId: o.card ? 2 : BILL_ME_LATER_PAYMENT_TYPE,
        items: o.items.map((i) => ({ rxId: null, drugName: i.drug, daysSupply: 90, copay: i.copay })),
      }, placed, () => placed);
      const items = await tx.selectFrom('orderItems').select('itemId').where('orderId', '=', orderId).orderBy('itemId').execute();
      for (const [n, item] of o.items.entries()) {
        const { itemId } = items[n]!;
        const stages = ORDER_STAGES[o.kind];
        const reached = stages.slice(1, stages.indexOf(item.stage) + 1);
        // A stage a day apart from the order's placing.
        for (const [k, stage] of reached.entries()) {
          await tx.insertInto('orderItemStages').values({ itemId, stage, reachedAt: at(o.placedDays + k + 1) }).execute();
        }
        const shipped = stages.indexOf(item.stage) >= stages.indexOf('shipped');
        const shippedDay = o.placedDays + stages.indexOf('shipped');
        await tx.updateTable('orderItems').set({
          stage: item.stage, nextAt: null,
          exceptionKind: item.exception?.kind ?? null, exceptionReason: item.exception?.reason ?? null,
          askedAgainOn: item.exception?.askedAgainDays !== undefined ? day(item.exception.askedAgainDays) : null,
          ...(shipped ? { carrier: 'USPS', trackingNumber: `9400${String(itemId).padStart(18, '0')}`, expectedDelivery: day(shippedDay + 3) } : {}),
          ...(item.stage === 'delivered' ? { deliveredOn: day(shippedDay + 2) } : {}),
        }).where('itemId', '=', itemId).execute();
      }
      if (o.exception) await tx.updateTable('orders').set({ exceptionKind: o.exception.kind, exceptionReason: o.exception.reason ?? null }).where('orderId', '=', orderId).execute();
    };
    await order({ kind: 'transfer', patientId: maria, memberNumber: 'MMA100001', placedDays: -6, card: true, items: [
      { drug: 'ATORVASTATIN 20 MG TABLET', copay: 10, stage: 'contacting', exception: { kind: 'doctorNotAnswered', askedAgainDays: -1 } },
      { drug: 'LISINOPRIL 10 MG TABLET', copay: 5, stage: 'shipped' },
      { drug: 'METFORMIN HCL 500 MG TABLET', copay: 0, stage: 'shipped' },
    ] });
    await order({ kind: 'refill', patientId: linda, memberNumber: 'MMA100003', placedDays: -8, card: false, items: [
      { drug: 'LEVOTHYROXINE 75 MCG TABLET', copay: 5, stage: 'delivered' },
    ] });
    await order({ kind: 'refill', patientId: maria, memberNumber: 'MMA100001', placedDays: -2, linkKey: demoOrdered, card: true, items: [
      { drug: 'OMEPRAZOLE 20 MG CAPSULE', copay: 10, stage: 'filling' },
    ] });
    await order({ kind: 'refill', patientId: maria, memberNumber: 'MMA100001', placedDays: -3, card: true, exception: { kind: 'paymentDeclined' }, items: [
      { drug: 'LOSARTAN 50 MG TABLET', copay: 8, stage: 'filling' },
    ] });
    await order({ kind: 'refill', patientId: maria, memberNumber: 'MMA100001', placedDays: -5, card: true,
      exception: { kind: 'shipmentDelayed', reason: 'Weather has delayed deliveries in your area.' }, items: [
        { drug: 'SERTRALINE 50 MG TABLET', copay: 6.75, stage: 'shipped' },
      ] });
    await order({ kind: 'transfer', patientId: maria, memberNumber: 'MMA100001', placedDays: -4, card: true, items: [
      { drug: 'ESCITALOPRAM 10 MG TABLET', copay: 7, stage: 'contacting', exception: { kind: 'notTransferred', reason: 'Your pharmacy has no refills left on this prescription; ask your doctor for a new one.' } },
      { drug: 'AMLODIPINE 5 MG TABLET', copay: 3, stage: 'received' },
    ] });
    await order({ kind: 'refill', patientId: maria, memberNumber: 'MMA100001', placedDays: 0, card: true, items: [
      { drug: 'ROSUVASTATIN 10 MG TABLET', copay: 10, stage: 'received' },
    ] });
    await order({ kind: 'transfer', patientId: aisha, memberNumber: 'MMA100005', placedDays: 0, card: true, items: [
      { drug: 'PANTOPRAZOLE 40 MG TABLET', copay: 9, stage: 'requested' },
    ] });
  });
}
