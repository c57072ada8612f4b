/**
 * The one inline script of the portal, in the head of the member flow's
 * prerendered pages (/memberInfo, /transfer): when the tab holds a flow to
 * resume (src/flows/member/resume.ts), it marks the document before the first
 * paint, and the stylesheet keeps the flow's empty first step hidden until
 * the browser has put the resumed step in its place (MemberFlowRoute). The
 * Content-Security-Policy allows exactly this text by its hash
 * (gateway/headers.ts), never 'unsafe-inline'.
 */
/** The tab's stored flow (sessionStorage). */
export const STORED_FLOW_KEY = 'mop.memberFlow';
/** Set on <html> while a stored flow is being resumed. */
export const RESUMING_ATTRIBUTE = 'data-resuming';

export const RESUME_SCRIPT = `try{if(sessionStorage.getItem(${JSON.stringify(STORED_FLOW_KEY)})!==null)document.documentElement.setAttribute(${JSON.stringify(RESUMING_ATTRIBUTE)},"")}catch(e){}`;
