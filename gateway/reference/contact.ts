/** The placeholder contact values of the spec README, in one place for the gateway's messages. */
export const MEMBER_SERVICES_PHONE = '1-800-555-0100';
export const SPECIALTY_PHONE = '1-800-555-0101';
