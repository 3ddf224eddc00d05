import { type Faq } from './types';

/** Three short questions shown on the /symptom-checker landing page. */
export const checkerFaqs: readonly Faq[] = [
  {
    question: 'How long does the assessment take?',
    answer:
      'About three minutes: six short steps, and you can skip any question you are unsure about.',
  },
  {
    question: 'Do I need to register?',
    answer: 'No. The assessment is free and anonymous, with no account or sign-up.',
  },
  {
    question: 'Is the result a diagnosis?',
    answer:
      'No. It shows which conditions your answers match most closely, to help you decide on next steps. Only a clinician who examines you can diagnose the cause.',
  },
];
