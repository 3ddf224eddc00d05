import { REVIEW_STATUS } from '../clinicalReview';
import { PARENT_ADVICE } from '../site';
import { type TextPage } from '../types';

export const aboutPage: TextPage = {
  title: 'About Us',
  metaDescription: `Why HandCheck exists, what you can do with it, and its limits: a free, anonymous hand, wrist and elbow symptom checker ${REVIEW_STATUS.shortClaim}.`,
  intro: `HandCheck is a free, anonymous symptom checker and set of plain-English guides for adults with hand, wrist or elbow problems. ${REVIEW_STATUS.sentence}`,
  sections: [
    {
      heading: 'Why HandCheck exists',
      paragraphs: [
        'Hand, wrist and elbow problems are very common, and many people are unsure whether numb fingers, a painful thumb or a lump on the wrist is something to watch, something to treat themselves or something to get checked. Reliable information is often spread across many websites and written for professionals.',
        'HandCheck brings the common conditions together in one place, in plain English for readers in the UK and the US, so that you can understand what your symptoms might mean and go into a conversation with your doctor better prepared.',
      ],
    },
    {
      heading: 'What you can do here',
      paragraphs: ['Everything on HandCheck is free, and you do not need an account.'],
      bullets: [
        'Answer a six-step questionnaire, which takes about three minutes, and see up to three conditions that best match your answers, each with a match percentage.',
        'Read guides to common conditions of the hand, wrist and elbow: typical symptoms, treatment options, common questions and when to seek help.',
        'Follow links to trusted outside sources, such as national health services and hand surgery societies, to learn more.',
        'Send a referral request with your results to a hand specialist if you choose to, and browse the directory of specialists.',
      ],
    },
    {
      heading: 'Please remember',
      paragraphs: [
        'HandCheck provides information only. It is not a diagnosis, it is not medical advice and it does not replace an examination by a qualified clinician. Two people with the same answers can have different conditions, and some serious problems can look like minor ones.',
        'In an emergency, call 999 in the UK or 911 in the US.',
        PARENT_ADVICE,
      ],
    },
    {
      heading: 'Next steps',
      paragraphs: [
        'If your symptoms are new, getting worse or affecting daily life, make an appointment with your GP or primary care doctor, a physiotherapist (physical therapist) or a hand specialist, and take your HandCheck results with you. Go to A&E (UK) or the emergency room (US) now for an injury with a bone out of shape, a deep cut, a finger that is cold, pale, blue or numb, or a hot, red, swollen finger or hand.',
        'If you have a question about HandCheck or about how we handle data, email privacy@handcheck.health.',
      ],
    },
  ],
};
