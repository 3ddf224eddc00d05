import { CONTACT_EMAIL, SITE } from '../site';
import { type TextPage } from '../types';

/*
 * Every statement here describes what the system actually does (web analytics client,
 * gateway, ingestion and referral services). Change the page whenever that behaviour changes.
 */
export const privacyPage: TextPage = {
  title: 'Privacy and Data Protection Policy',
  metaDescription:
    'How HandCheck handles data: no account, no stored IP address, anonymous usage statistics, Global Privacy Control honoured, and referral requests deleted after 90 days.',
  updated: SITE.policyDate,
  intro:
    'HandCheck is designed to be used anonymously. This policy explains what information is recorded when you use the site, why, how long it is kept, who can see it and the choices you have. It applies to visitors in the UK, the US and elsewhere.',
  sections: [
    {
      heading: 'The short version',
      paragraphs: [],
      bullets: [
        'You do not need an account, and we do not ask for your name or contact details unless you choose to send a specialist referral request.',
        'The symptom checker works out your result in your own browser. Any free text you type into it is not sent to us unless you send a specialist referral request, which includes it.',
        'We record anonymous usage statistics for each browser tab. We never store your IP address.',
        'If your browser sends a Global Privacy Control signal, we record no usage statistics at all.',
        'If you send a referral request, we email it to a specialist and keep the request for 90 days to confirm delivery, then delete it.',
        'We do not sell your information or use it for advertising.',
      ],
    },
    {
      heading: 'The symptom questionnaire',
      paragraphs: [
        'Your answers to the six-step questionnaire are analysed by code running in your browser, and the list of matching conditions is calculated there. What you type in the free-text box in the last step never leaves your device unless you send a specialist referral request, which includes it.',
        'When you finish the questionnaire, we record an anonymous summary of the result to understand how the tool is used and to improve it: the top matching condition and its match percentage, how many symptoms you reported, the pain score band you chose, how long you have had symptoms, and which everyday tasks (gripping, pinching, writing, typing) you said were difficult. This summary contains no name, contact details or free text.',
      ],
    },
    {
      heading: 'Usage statistics',
      paragraphs: [
        "To understand how the site is used, our analytics code creates a random session identifier for each browser tab. It is kept in the tab's session storage and disappears when you close the tab.",
        'The records are stored in our analytics database. They contain no name, email address or IP address, and we do not combine them with other information to identify you. For each tab session we record:',
      ],
      bullets: [
        'the pages you view, the page you arrived on, the website that linked to us (if any), and how long the visit lasted. Page addresses are recorded without anything after a "?", and the linking website only as its address and page path, so search terms or other details in a link are never stored;',
        'which questionnaire steps you complete and the anonymous result summary described above;',
        'the type of browser and device, as reported by your browser;',
        'your approximate country and city;',
        'addresses of pages that could not be found, so that we can fix broken links.',
      ],
    },
    {
      heading: 'Your IP address',
      paragraphs: [
        'Like every website, our server receives your IP address when your browser connects to it. To record your approximate country and city, the server looks the address up in a location database held on our own server, in memory, and then discards the address. We do not store your IP address, and it is not sent to any outside location service.',
      ],
    },
    {
      heading: 'Global Privacy Control',
      paragraphs: [
        'If your browser or a browser extension sends a Global Privacy Control (GPC) signal, we treat it as a request not to be tracked: no usage statistics and no questionnaire summary are recorded for your visit. Everything on the site still works as normal.',
      ],
    },
    {
      heading: 'Cookies and similar technologies',
      paragraphs: [
        "We do not use advertising or tracking cookies, and we do not use third-party analytics services. The site keeps two things in your browser's session storage, which belongs to the one tab and is cleared when you close it: the per-tab session identifier described above with the time the session began, and your questionnaire answers, so that reloading the page does not lose them. Your answers stay in your browser. Authorised staff who sign in to the admin area receive a secure cookie that keeps them signed in; visitors never do.",
      ],
    },
    {
      heading: 'Specialist referral requests',
      paragraphs: [
        'Sending a referral request is optional. Because a request includes information about your health, we only send it when you choose to submit it. Once the specialist has received it, they handle it under their own professional and legal duties of confidentiality. If you send one, we pass the following to a hand specialist by email:',
      ],
      bullets: [
        'your name, if you give it;',
        'your email address and location;',
        'your top three matched conditions;',
        'a summary of your key symptoms;',
        'any additional information you typed.',
      ],
    },
    {
      heading: 'What we keep about a referral request, and why',
      paragraphs: [
        'We also email you a confirmation that says what happens next. To send both emails, try again if a mail server is unavailable, and make sure nothing is sent twice, we keep a record of your request on our server: the details listed above, when you sent it, and whether each email was delivered. Only the referral service and authorised staff can read it.',
        'To stop the referral form being misused, we limit how many requests can be sent from one internet connection in a short time. For this we hold a scrambled code made from your IP address, in memory only, for a few minutes; it cannot be turned back into the address, and the address itself is never stored or written to our logs.',
      ],
    },
    {
      heading: 'How long we keep information',
      paragraphs: [
        'We keep the record of each referral request for 90 days so that we can confirm it was delivered and deal with any problems. After that it is deleted automatically. You can ask us to delete a request sooner by emailing us.',
        'Usage statistics do not identify anyone. We keep them for as long as they help us understand and improve the service.',
      ],
    },
    {
      heading: 'Who can see the information',
      paragraphs: [
        'Only authorised HandCheck staff can access the admin area and the analytics database, and they must sign in to do so. Administrators receive a weekly email with totals such as the number of visits, the most viewed pages and the most common referring websites. We do not share usage statistics with anyone else, and we share referral requests only with the specialist you are sending them to.',
      ],
    },
    {
      heading: 'Why we use this information (legal basis)',
      paragraphs: [
        'Under UK and EU data protection law, we rely on our legitimate interest in running, securing and improving a free health information service to record anonymous usage statistics; we have designed them so that they do not identify you. For referral requests, which include health information, we rely on your explicit consent, given when you choose to send the request. You can withdraw that consent by emailing us.',
        'If you are in the US: we do not sell or share your personal information for targeted advertising, and we honour Global Privacy Control as an opt-out.',
      ],
    },
    {
      heading: 'How we protect information',
      paragraphs: [
        'All connections to HandCheck are encrypted (HTTPS). Access to stored data is limited to authorised staff who sign in with individual accounts, and we keep only the information described in this policy.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'Depending on where you live, you may have the right to ask for a copy of your personal information, to have it corrected or deleted, to object to how it is used, or to withdraw consent. Because usage statistics cannot be linked to you, we cannot usually find them; we can find a referral request within its 90 days if you tell us the email address you used.',
        `To make a request, email ${CONTACT_EMAIL}. If you are in the UK and are unhappy with how we handle your information, you can complain to the Information Commissioner's Office (ICO).`,
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'HandCheck is designed for adults aged 18 and over. It is not intended for children, and we do not knowingly collect information about children.',
      ],
    },
    {
      heading: 'Links to other websites',
      paragraphs: [
        'Condition guides and results link to outside health websites. Those sites have their own privacy policies, which apply once you leave HandCheck.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'If we change how we handle information, we will update this page and the date at the top. This policy was last updated on 29 July 2025.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [`For any question about privacy or data protection, email ${CONTACT_EMAIL}.`],
    },
  ],
};
