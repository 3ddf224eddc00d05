import { REVIEW_STATUS } from './clinicalReview';
import { PARENT_ADVICE } from './site';
import { type Faq } from './types';

/** The ten fixed questions of /faq, in display order. */
export const siteFaqs: readonly Faq[] = [
  {
    question: 'What is HandCheck?',
    answer:
      'HandCheck is a free website that helps adults understand symptoms in the hand, wrist and elbow. You answer a short questionnaire, see which common conditions best match your answers, and can read plain-English guides to those conditions and to when to seek help.',
  },
  {
    question: 'Does HandCheck diagnose my condition?',
    answer:
      'No. HandCheck gives information, not a diagnosis or medical advice. The results show which conditions your answers resemble, but only a qualified clinician who can examine you can diagnose the cause of your symptoms and recommend treatment.',
  },
  {
    question: 'How does the symptom checker work?',
    answer:
      'You answer six short steps about where and how it hurts, other symptoms, how your hand is affected, how it started and some background. It takes about three minutes. Your answers are compared with the typical features of 18 hand, wrist and elbow conditions, and up to three of the closest matches are shown. The comparison runs in your own browser.',
  },
  {
    question: 'What do the match percentage and priority label mean?',
    answer:
      'The match percentage shows how closely your answers fit each condition compared with the best match, and is never shown above 95%. The priority label follows it: High for 80% and above, Medium for 60 to 79%, Low below 60%. They describe how strong the match is, not how serious the condition is or how quickly you need care: use the advice on when to seek help for that.',
  },
  {
    question: 'Is HandCheck free, and do I need an account?',
    answer:
      'It is free, and there is no registration or account. You do not need to give your name or contact details to use the symptom checker or read the guides.',
  },
  {
    question: 'What happens to my answers?',
    answer:
      'Your result is worked out in your browser, and any free text you type is not sent to us unless you send a specialist referral request. We record anonymous usage statistics, such as which pages are viewed, which questionnaire steps are completed and a summary of the result, without storing your IP address, and we record nothing if your browser sends a Global Privacy Control signal. Our Privacy and Data Protection Policy explains this in full.',
  },
  {
    question: 'How does a specialist referral request work?',
    answer:
      'If you choose to, you can send your email address and location, and optionally your name, to a hand specialist together with your top three matched conditions, your key symptoms and any extra information you typed. The specialist should reply within 1 to 2 business days. A request is not an appointment, and it is not suitable for urgent problems.',
  },
  {
    question: 'Who checks the information on HandCheck?',
    answer: `${REVIEW_STATUS.sentence} Medical knowledge changes, so always follow the advice of the clinician who treats you.`,
  },
  {
    question: 'When should I get urgent help instead of using HandCheck?',
    answer:
      'Call 999 (UK) or 911 (US) for heavy bleeding, or for sudden weakness or numbness in an arm, a drooping face or slurred speech. Call too for pain in the chest or arm with sweating, feeling sick or short of breath, even with no chest pain. Call for severe pain that keeps getting worse after a crush or in a cast, or for feeling very unwell and confused with a spreading infection. Go to A&E (UK) or the emergency room (US) now for a finger, wrist or arm that looks out of shape after an injury, or numbness or pins and needles after an injury. Go there too for severe pain that came on suddenly, a deep cut, a bite, a puncture wound or an injury from a high-pressure grease or paint gun. Go for a finger that is cold, pale or blue, a finger you suddenly cannot bend or straighten, or a hot, red, swollen finger, hand or joint, especially with a fever: infections in the hand can spread within hours.',
  },
  {
    question: 'Can I use HandCheck for my child?',
    answer: `No. ${PARENT_ADVICE}`,
  },
];

// The /symptom-checker landing's questions have their own module, so that page does not load
// these ten; re-exported for the content catalogue.
export { checkerFaqs } from './checkerFaqs';
