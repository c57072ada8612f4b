/**
 * The contract's types the machines use, in one place: machines/ may import
 * types (never values) from the generated client types (openapi/gateway.yaml
 * -> src/api/gateway.gen.ts); the lint rule allows `import type` only.
 */
import type { components } from '../src/api/gateway.gen.ts';

type Schemas = components['schemas'];

export type LinkInfo = Schemas['LinkInfo'];
export type LinkVerifyResult = Schemas['LinkVerifyResult'];
export type EasyFillDrug = Schemas['EasyFillDrug'];
export type Address = Schemas['Address'];
export type PaymentCard = Schemas['PaymentCard'];
export type EasyFillOrderCart = Schemas['EasyFillOrderCart'];
export type OrderCart = Schemas['OrderCart'];
export type OrderResult = Schemas['OrderResult'];
export type EasyFillAutoRefillToggleResult = Schemas['EasyFillAutoRefillToggleResult'];
export type AutoRefillDrug = Schemas['AutoRefillDrug'];
export type ShipmentAddress = Schemas['AutoRefillShipmentAddress'];
export type ManageAutoRefillResult = Schemas['ManageAutoRefillResult'];
export type AddressSave = Schemas['AddressSave'];
export type ZipPlace = Schemas['ZipCodeLookupEntry'];
export type CardSave = Schemas['CardSave'];
export type TokenizerCredentials = Schemas['TokenizerCredentials'];
export type TokenizedCard = Schemas['TokenizedCard'];
// Where is my order.
export type OrderKind = Schemas['OrderKind'];
export type OrderStage = Schemas['OrderStage'];
export type OrderStatus = Schemas['OrderStatus'];
export type OrderItemStatus = Schemas['OrderItemStatus'];
export type OrderException = Schemas['OrderException'];
export type OrderSummary = Schemas['OrderSummary'];
// The member flow (member-transfer-flow.md).
export type EligibilityResult = Schemas['EligibilityResult'];
export type MissingAlerts = Schemas['MissingAlerts'];
export type TransferPrescription = Schemas['TransferPrescription'];
export type TransferStatusCode = Schemas['TransferStatusCode'];
export type Physician = Schemas['Physician'];
export type PhysicianInformation = Schemas['PhysicianInformation'];
export type Pharmacy = Schemas['Pharmacy'];
export type DrugSuggestion = Schemas['DrugSuggestion'];
export type NewRxEligibilityResult = Schemas['NewRxEligibilityResult'];
export type TransferSubmission = Schemas['TransferSubmission'];
export type TransferSubmissionResult = Schemas['TransferSubmissionResult'];
export type PhoneRecord = Schemas['PhoneRecord'];
export type NotificationSetting = Schemas['NotificationSetting'];
export type RegisterPatientRequest = Schemas['RegisterPatientRequest'];
export type RegisterPatientResult = Schemas['RegisterPatientResult'];
export type PhoneSave = Schemas['PhoneSave'];
export type PhoneUpdate = Schemas['PhoneUpdate'];
export type EmailUpdate = Schemas['EmailUpdate'];
export type AllergyInput = Schemas['AllergyInput'];
export type ConditionInput = Schemas['ConditionInput'];
export type NotificationSave = Schemas['NotificationSave'];
