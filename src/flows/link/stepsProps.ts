/** What the link page (LinkFlowPage.tsx) gives the flow it shows after verification (EasyFillSteps, AutoRefillSteps). */
export interface StepsProps {
  allowBillMeLater: boolean;
  /** Tells the page that the flow shows its result (the stepper's last step). */
  onResult: () => void;
}
