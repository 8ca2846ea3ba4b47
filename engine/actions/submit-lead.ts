/**
 * The phone step's submit: check the phone and ZIP, send the lead, prepare the thank-you message, claim the consent
 * certificate. The visitor moves on only when the lead is stored; any failure keeps them on the step.
 */
import { CONNECTED_STATUSES, type ThankYouSettings } from '../../contracts/api.ts';
import { leadFromAnswers } from '../flow/lead.ts';
import { HONEYPOT_FIELD } from '../../contracts/honeypot.ts';
import { ATTRIBUTION_FIELD } from '../../contracts/attribution.ts';
import { FUNNEL_VISIT_FIELD, LANGUAGE_FIELD } from '../../contracts/lead.ts';
import type { FormRecord } from '../state/record.ts';
import { storedAttribution } from '../state/attribution.ts';
import { SUBMIT_FAILED, type Action, type ActionInput } from './action.ts';
import { fillThankYouTemplate, templateFor } from './thank-you-message.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** "1 Main St, Springfield, IL 62701": the one-line postal address lenders expect. */
function postalAddress(answers: Readonly<FormRecord>): string {
  const place = [text(answers.state), text(answers.zipcode)].filter(Boolean).join(' ');
  return [text(answers.street_address), text(answers.city), place].filter(Boolean).join(', ');
}

async function settled<T>(promise: Promise<T>, input: ActionInput, what: string): Promise<T | undefined> {
  try {
    return await promise;
  } catch (error) {
    input.log(`${what} failed`, error);
    return undefined;
  }
}

export const submitLead: Action = async (input) => {
  const { api, answers, flow } = input;
  const phone = text(answers.phone);
  const zipcode = text(answers.zipcode);

  let status: string;
  let place: Awaited<ReturnType<typeof api.lookupZip>>;
  try {
    [status, place] = await Promise.all([api.checkPhone(phone), api.lookupZip(zipcode)]);
  } catch (error) {
    input.log('phone or ZIP check failed', error);
    return { ok: false, alert: SUBMIT_FAILED };
  }
  const fieldErrors = [
    ...(CONNECTED_STATUSES.includes(status) ? [] : [{ field: 'phone', keyword: 'pattern', params: {} }]),
    ...(place ? [] : [{ field: 'zipcode', keyword: 'pattern', params: {} }]),
  ];
  if (fieldErrors.length > 0) return { ok: false, fieldErrors };

  const [settings, clientIp] = await Promise.all([
    settled<ThankYouSettings>(api.thankYouSettings(), input, 'thank-you settings'),
    settled(api.remoteAddress(), input, 'client address'),
  ]);
  const certificateUrl = text(answers.xxTrustedFormCertUrl) || undefined;
  const lead = leadFromAnswers(flow, answers, {
    name: text(answers.full_name),
    address: postalAddress(answers),
    client_ip: clientIp,
    trustedform_cert_url: certificateUrl,
    source_url: input.pageUrl,
    [HONEYPOT_FIELD]: text(answers[HONEYPOT_FIELD]),
    [ATTRIBUTION_FIELD]: storedAttribution(answers),
    // The page's funnel visit, which it hands in with its own answers (none from another client: left out).
    [FUNNEL_VISIT_FIELD]: text(answers[FUNNEL_VISIT_FIELD]) || undefined,
    // The page's language: the server records the consent text shown in it, and buyers receive it.
    [LANGUAGE_FIELD]: text(answers[LANGUAGE_FIELD]) || undefined,
  });
  let leadId: string;
  try {
    leadId = (await api.sendLead(lead)).id;
  } catch (error) {
    input.log('lead send failed', error);
    return { ok: false, alert: SUBMIT_FAILED };
  }

  const visitor = { first_name: text(answers.first_name), last_name: text(answers.last_name), phone };
  const thankYouHtml = settings ? fillThankYouTemplate(templateFor(settings, input.now()), visitor) : undefined;
  if (input.certificateEnabled && certificateUrl)
    await settled(api.claimCertificate(certificateUrl), input, 'certificate claim');
  return { ok: true, answers: { phone_no: phone, client_ip: clientIp, lead_id: leadId, thank_you_html: thankYouHtml } };
};
