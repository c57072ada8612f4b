/** Every machine's model, by name: what `npm run paths -- <name>` and the Playwright replay look up. */
import { addPrescriptionModel } from './addPrescription.model.ts';
import { addressFormModel } from './addressForm.model.ts';
import { autoRefillModel } from './autoRefill.model.ts';
import { cardEditModel, cardFormModel } from './cardForm.model.ts';
import { easyFillModel } from './easyFill.model.ts';
import { doctorsModel, doctorsNewMemberModel } from './doctors.model.ts';
import { linkPageModel } from './linkPage.model.ts';
import { memberFlowModel } from './memberFlow.model.ts';
import { memberInfoModel } from './memberInfo.model.ts';
import { prescriptionsModel } from './prescriptions.model.ts';
import { addressChangeModel, healthChangeModel, notificationChangeModel, paymentChangeModel, phoneChangeModel } from './profileChanges.model.ts';
import { registrationHealthModel, registrationMissingModel, registrationModel, registrationNothingMissingModel } from './registration.model.ts';
import { reviewModel } from './review.model.ts';
import { sessionModel } from './session.model.ts';
import { memberStepperModel, refillStepperModel } from './stepper.model.ts';
import { orderCheckModel } from './orderCheck.model.ts';
import { orderStatusModel } from './orderStatus.model.ts';

export const models = {
  linkPage: linkPageModel,
  easyFill: easyFillModel,
  autoRefill: autoRefillModel,
  addressForm: addressFormModel,
  cardForm: cardFormModel,
  cardEdit: cardEditModel,
  memberFlow: memberFlowModel,
  doctors: doctorsModel,
  doctorsNewMember: doctorsNewMemberModel,
  memberInfo: memberInfoModel,
  prescriptions: prescriptionsModel,
  addPrescription: addPrescriptionModel,
  registration: registrationModel,
  registrationMissing: registrationMissingModel,
  registrationHealth: registrationHealthModel,
  registrationNothingMissing: registrationNothingMissingModel,
  review: reviewModel,
  addressChange: addressChangeModel,
  paymentChange: paymentChangeModel,
  notificationChange: notificationChangeModel,
  phoneChange: phoneChangeModel,
  healthChange: healthChangeModel,
  session: sessionModel,
  memberStepper: memberStepperModel,
  refillStepper: refillStepperModel,
  orderStatus: orderStatusModel,
  orderCheck: orderCheckModel,
} as const;
export type ModelName = keyof typeof models;
