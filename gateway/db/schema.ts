/**
 * Table types of the reference gateway's database. Columns are snake_case in
 * PostgreSQL; Kysely's CamelCasePlugin maps them to the camelCase names here.
 * Dates (`date` columns) travel as 'YYYY-MM-DD' strings, numerics as numbers.
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MembersTable {
  memberNumber: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  birthDate: string;
  gender: string;
  eligible: boolean;
  hqCode: string;
  personCode: string;
  relationshipCode: string;
  allowBillMeLater: boolean;
  isPartD: boolean;
  patientId: number | null;
}

export interface PatientsTable {
  patientId: Generated<number>;
  memberNumber: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  gender: string;
  birthDate: string;
  email: string | null;
  profileLinked: boolean;
  createdAt: Timestamp;
}

export interface AddressesTable {
  addressId: Generated<number>;
  patientId: number;
  addressTypeId: number;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zipCode: string;
  startDate: string | null;
  endDate: string | null;
  active: boolean;
  defaultShipping: boolean;
  defaultBilling: boolean;
}

export interface PhonesTable {
  phoneId: Generated<number>;
  patientId: number;
  areaCode: string;
  phoneNumber: string;
  phoneType: number;
  isPrimary: boolean;
  extension: string | null;
  sourceId: number;
}

/** Only the provider's token and the last digits: a card number is never stored. */
export interface PaymentCardsTable {
  cardSeqNum: Generated<number>;
  patientId: number;
  cardFirstName: string;
  cardLastName: string;
  cardTypeNum: number;
  lastDigits: string;
  pciToken: string;
  cardMonth: number;
  cardYear: number;
  fsaCard: boolean;
  defaultCard: boolean;
  cardActive: boolean;
}

export interface NotificationSettingsTable {
  id: Generated<number>;
  patientId: number;
  modalityTypeId: number;
  modalityValueId: number | null;
  modalityValue: string | null;
  optIn: boolean;
  timeZone: string | null;
}

export interface DrugsTable {
  ndc: string;
  gpi: string;
  labelName: string;
  brandName: string;
  genericName: string;
  strength: string;
  dosageForm: string;
  controlledClass: number;
  specialty: boolean;
  maintenance: boolean;
}

export interface AllergyRefTable {
  allergyRefNum: string;
  allergyDesc: string;
  common: boolean;
}

export interface ConditionRefTable {
  diseaseRefNum: number;
  diseaseDesc: string;
  common: boolean;
}

export interface PatientAllergiesTable {
  allergySeqNum: Generated<number>;
  patientId: number;
  allergyRefNum: string;
  allergyDesc: string;
  statusCode: string;
}

export interface PatientConditionsTable {
  diseaseSeqNum: Generated<number>;
  patientId: number;
  diseaseRefNum: number;
  diseaseDesc: string;
  statusCode: string;
}

export interface PhysiciansTable {
  physicianId: Generated<number>;
  npi: string;
  deaNo: string | null;
  ePostDoctorNum: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
}

export interface PhysicianAddressesTable {
  addressId: Generated<number>;
  physicianId: number;
  streetAddress1: string;
  streetAddress2: string | null;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
  faxNumber: string | null;
}

export interface PatientPhysiciansTable {
  patientId: number;
  physicianAddressId: number;
}

/** Prescriptions the member fills at another pharmacy: the auto-transfer list. */
export interface TransferCandidatesTable {
  candidateId: Generated<number>;
  memberNumber: string;
  ndc: string;
  daysSupply: number;
  transferCode: number;
  requestedDate: string | null;
  incumbentCopayAmount: number | null;
  midCopayAmount: number | null;
  pharmacyName: string;
  pharmacyPhone: string;
  physicianAddressId: number | null;
}

export interface TransferRequestsTable {
  requestId: Generated<number>;
  memberNumber: string;
  siteIdentifier: string;
  createdAt: Timestamp;
}

export interface TransferRequestLinesTable {
  lineId: Generated<number>;
  requestId: number;
  kind: 'newRx' | 'transfer';
  drugNdc: string;
  drugName: string;
  rxNumber: string | null;
  autoRefill: boolean;
  pharmacyName: string | null;
  physicianName: string | null;
  estimatedRefillDate: string;
}

/** The pharmacy's own prescriptions: what refill links order and enrol. */
export interface PrescriptionsTable {
  rxId: Generated<number>;
  patientId: number;
  ndc: string | null;
  dispensedMedName: string;
  strength: string;
  dosageForm: string;
  daysSupply: number;
  copay: number | null;
  autoFillEligible: boolean;
  autoRefillOn: boolean;
  consentEndDate: string | null;
  mustPlaceOrder: boolean;
  recommendedRefillDate: string | null;
}

export interface LinksTable {
  linkKey: Generated<number>;
  /** The identifier in the link's URL; unique per kind. */
  linkId: string;
  kind: 'easyfill' | 'autorefill';
  patientId: number;
  linkType: string;
  status: string;
  isValid: boolean;
  expiresAt: Timestamp;
  remainingAttempts: number;
  clickCount: number;
}

export interface LinkPrescriptionsTable {
  linkKey: number;
  rxId: number;
  requested: boolean;
  orderedAt: Timestamp | null;
}

export interface OrdersTable {
  orderId: Generated<number>;
  orderNumber: string;
  kind: Generated<'refill' | 'transfer'>;
  patientId: number | null;
  memberNumber: string | null;
  linkKey: number | null;
  transferRequestId: number | null;
  shippingAddressId: number | null;
  billingAddressId: number | null;
  paymentCardId: number | null;
  paymentMethodTypeId: number | null;
  expeditedShipping: Generated<boolean>;
  exceptionKind: 'paymentDeclined' | 'shipmentDelayed' | null;
  exceptionReason: string | null;
  version: Generated<number>;
  updatedAt: Timestamp;
  createdAt: Timestamp;
}

export type OrderStageValue = 'requested' | 'contacting' | 'received' | 'filling' | 'shipped' | 'delivered';
export type OrderExceptionKind = 'doctorNotAnswered' | 'notTransferred' | 'paymentDeclined' | 'shipmentDelayed';

export interface OrderItemsTable {
  itemId: Generated<number>;
  orderId: number;
  rxId: number | null;
  drugName: string;
  daysSupply: number | null;
  copay: number | null;
  stage: OrderStageValue;
  nextAt: Timestamp | null;
  exceptionKind: OrderExceptionKind | null;
  exceptionReason: string | null;
  askedAgainOn: string | null;
  exceptionUntil: Timestamp | null;
  carrier: string | null;
  trackingNumber: string | null;
  expectedDelivery: string | null;
  deliveredOn: string | null;
}

export interface OrderItemStagesTable {
  itemId: number;
  stage: OrderStageValue;
  reachedAt: Timestamp;
}

export interface OrderChecksTable {
  orderNumber: string;
  remainingAttempts: number;
}

export interface OutboxTable {
  id: Generated<number>;
  orderId: number;
  channel: 'email' | 'text' | 'call';
  event: 'shipped' | 'delivered' | 'needsAction';
  orderNumber: string;
  stage: OrderStageValue;
  message: string;
  createdAt: Timestamp;
  sentAt: Timestamp | null;
}

export interface OrderLinesTable {
  orderLineItemId: Generated<number>;
  orderId: number;
  rxId: number;
  priorityItem: boolean;
}

/** A hosted-tokenizer session: the token and last digits only, never the number. */
export interface TokenizerSessionsTable {
  accessToken: string;
  patientId: number | null;
  memberNumber: string | null;
  expiresAt: Timestamp;
  pciToken: string | null;
  lastDigits: string | null;
  cardTypeNum: number | null;
}

export interface BannersTable {
  bannerId: number;
  value: string;
  active: boolean;
}

/**
 * Failed member verifications of one member number (upper case, trimmed; the
 * number need not exist): the failures of the last 15 minutes, the lock's end,
 * and when the row no longer matters.
 */
export interface MemberVerificationsTable {
  memberNumber: string;
  failedAt: ColumnType<Date[], Date[] | undefined, Date[]>;
  lockedUntil: Timestamp | null;
  forgetAfter: Timestamp;
}

export interface RevokedSessionsTable {
  sessionId: string;
  expiresAt: Timestamp;
  /** Ended by its link's order, not signed out: the calls that show the order still answer. */
  endedByOrder: Generated<boolean>;
}

/** The first successful answer to an Idempotency-Key (store/idempotency.ts); status and body are written before the transaction commits. */
export interface IdempotencyKeysTable {
  idempotencyKey: string;
  /** `member:<number>` or `link:<key>`: a key answers only the caller that sent it. */
  who: string;
  operation: string;
  /** SHA-256 (hex) of the request body, keys sorted. */
  fingerprint: string;
  status: number | null;
  /** The answer's JSON text (text, not jsonb: read back byte for byte, never key-mapped). */
  body: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

export interface Database {
  members: MembersTable;
  patients: PatientsTable;
  addresses: AddressesTable;
  phones: PhonesTable;
  paymentCards: PaymentCardsTable;
  notificationSettings: NotificationSettingsTable;
  drugs: DrugsTable;
  allergyRef: AllergyRefTable;
  conditionRef: ConditionRefTable;
  patientAllergies: PatientAllergiesTable;
  patientConditions: PatientConditionsTable;
  physicians: PhysiciansTable;
  physicianAddresses: PhysicianAddressesTable;
  patientPhysicians: PatientPhysiciansTable;
  transferCandidates: TransferCandidatesTable;
  transferRequests: TransferRequestsTable;
  transferRequestLines: TransferRequestLinesTable;
  prescriptions: PrescriptionsTable;
  links: LinksTable;
  linkPrescriptions: LinkPrescriptionsTable;
  orders: OrdersTable;
  orderLines: OrderLinesTable;
  orderItems: OrderItemsTable;
  orderItemStages: OrderItemStagesTable;
  orderChecks: OrderChecksTable;
  outbox: OutboxTable;
  tokenizerSessions: TokenizerSessionsTable;
  banners: BannersTable;
  memberVerifications: MemberVerificationsTable;
  revokedSessions: RevokedSessionsTable;
  idempotencyKeys: IdempotencyKeysTable;
}
