import { REVIEW_STATUS } from '../clinicalReview';
import { CONTACT_EMAIL, PARENT_ADVICE, SITE } from '../site';
import { type TextPage } from '../types';

export const termsPage: TextPage = {
  title: 'Terms of Use',
  metaDescription:
    'The terms for using HandCheck: information only and not medical advice, for adults, what to do in an emergency, acceptable use, outside links and liability.',
  updated: SITE.policyDate,
  intro:
    'These terms apply whenever you use the HandCheck website, including the symptom checker, the condition guides and the specialist referral request. By using the site you agree to them, so please read them carefully. If you do not agree, please do not use HandCheck.',
  sections: [
    {
      heading: 'Information only, not medical advice',
      paragraphs: [
        'HandCheck provides general information about hand, wrist and elbow conditions. The symptom checker compares your answers with the typical features of common conditions; it does not diagnose you, and its results are not medical advice, a second opinion or a treatment plan.',
        `Always seek the advice of a qualified clinician about your symptoms, and never ignore professional advice or delay seeking it because of something you read on HandCheck. ${REVIEW_STATUS.sentence} Medicine changes, and we cannot guarantee that every part of it is complete or up to date.`,
      ],
    },
    {
      heading: 'Emergencies',
      paragraphs: [
        'HandCheck is not an emergency service. In an emergency, call 999 in the UK or 911 in the US, or go to your nearest A&E or emergency room (ER). Do not use the symptom checker or a referral request for an urgent problem.',
      ],
    },
    {
      heading: 'No doctor–patient relationship',
      paragraphs: [
        'Using HandCheck, including sending a referral request, does not create a doctor–patient or any other clinical relationship between you and HandCheck or any specialist. A specialist who receives your request is independent of HandCheck, decides whether and how to reply, and is responsible for any care they later agree to provide.',
      ],
    },
    {
      heading: 'Adults only',
      paragraphs: [`It is not suitable for children under 18. ${PARENT_ADVICE}`],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['When you use HandCheck, you agree not to:'],
      bullets: [
        'give false details in a referral request, or send a request on behalf of someone else without their permission;',
        'use the site, or the referral request, to send spam, abusive material or anything unlawful;',
        'try to gain access to the admin area or any system or data you are not authorised to use;',
        'interfere with the site, overload it, or probe it for weaknesses without our written permission;',
        'copy large parts of the site or collect its content by automated means for republication.',
      ],
    },
    {
      heading: 'Links to other websites',
      paragraphs: [
        'HandCheck links to outside websites, such as national health services, hand surgery societies and medical libraries, for further reading. We choose them carefully and only show links to a fixed list of trusted sites, but we do not control them and are not responsible for their content, availability or privacy practices.',
      ],
    },
    {
      heading: 'Our content',
      paragraphs: [
        'The text, design and questionnaire on HandCheck belong to us. You may read, print and share pages for your own personal, non-commercial use, for example to take to an appointment, but not republish them without our permission.',
      ],
    },
    {
      heading: 'Our liability',
      paragraphs: [
        'We provide HandCheck free of charge and "as is". We work to keep it accurate and available, but we do not promise that it will always be available, free of errors, or suitable for your particular situation. To the extent the law allows, we are not liable for any loss or harm arising from relying on information from HandCheck instead of seeking professional advice, or from the content of outside websites.',
        'Nothing in these terms limits or excludes any liability that cannot be limited or excluded by law, including liability for death or personal injury caused by negligence or for fraud, or your statutory rights as a consumer.',
      ],
    },
    {
      heading: 'Changes to HandCheck and to these terms',
      paragraphs: [
        'We may change, suspend or withdraw any part of HandCheck at any time. We may also update these terms; the date at the top of this page shows when they last changed, and the version published when you use the site applies. These terms were last updated on 29 July 2025.',
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: [
        'If you live in the UK, these terms are governed by the law of England and Wales, and you may bring proceedings in the courts of England and Wales; if you live in Scotland or Northern Ireland, you may also bring proceedings in your local courts.',
        'If you live in the US, these terms are governed by the law of the state in which you live, to the extent that law applies. If you live elsewhere, the law of England and Wales applies, without affecting any mandatory consumer protections of the country where you live.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [`If you have a question about these terms, email ${CONTACT_EMAIL}.`],
    },
  ],
};
