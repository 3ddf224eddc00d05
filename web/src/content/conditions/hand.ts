import { PARENT_ADVICE } from '../site';
import { type ConditionInfo } from '../types';

export const triggerFinger: ConditionInfo = {
  slug: 'trigger-finger',
  name: 'Trigger Finger',
  metaTitle: 'Trigger Finger: Symptoms, Causes and Treatment',
  metaDescription:
    'Trigger finger makes a finger or thumb click, catch or lock when you bend it. Learn the signs, what helps, and when to see a doctor.',
  category: 'hand',
  summary:
    'Trigger finger makes a finger or thumb click, catch or lock when you bend it. Doctors call it stenosing tenosynovitis: the sheath (tunnel) that holds the tendon that bends the finger gets tight and swollen, so the tendon sticks. It is more common after the age of 40 and in people with diabetes. Many people get better with a splint or a steroid injection, and a small operation helps if it keeps coming back.',
  symptoms: [
    'A finger or thumb that clicks, catches or "triggers" when you bend or straighten it',
    'A finger that locks in a bent position and may need your other hand to straighten it',
    'A tender lump in the palm at the base of the affected finger or thumb',
    'Stiffness that is often worst first thing in the morning and eases during the day',
    'Pain at the base of the finger or thumb when gripping',
    'In more severe cases, a finger that stays bent and cannot be fully straightened',
  ],
  treatments: [
    'Resting from activities that involve repeated or forceful gripping for a few weeks',
    'A splint that holds the finger straight, often worn at night, for several weeks',
    'Simple painkillers or anti-inflammatory medicines for short-term relief, if they are safe for you (a pharmacist can advise)',
    'A steroid injection into the tendon sheath, which settles the triggering for many people; a second injection is sometimes offered',
    'Trigger finger release: a short operation, usually done under local anaesthetic as a day case, to widen the tight part of the sheath if triggering persists or returns',
  ],
  faqs: [
    {
      question: 'Which fingers are usually affected?',
      answer:
        'The ring finger and the thumb are affected most often, but any finger can be, and some people have more than one trigger finger at the same time or one after another.',
    },
    {
      question: 'Is trigger finger serious?',
      answer:
        'It is not dangerous, but it can be painful and make everyday tasks harder. A finger that stays locked in a bent position for a long time can become stiff, so it is worth getting advice rather than waiting for months.',
    },
    {
      question: 'Does a steroid injection work, and is it safe if I have diabetes?',
      answer:
        'Many people improve after one injection, although triggering can come back. In people with diabetes the injection may work less well and can raise blood sugar levels for a few days, so check your levels more closely afterwards and tell the clinician about your diabetes beforehand.',
    },
    {
      question: 'Can children get trigger finger?',
      answer: `A bent, locked thumb in babies and young children is a different condition, treated by children's specialists. ${PARENT_ADVICE}`,
    },
  ],
  whenToSeekHelp: [
    'A finger that is locked bent and cannot be straightened',
    'A finger that becomes hot, red, swollen and very painful to move, especially after a cut, splinter or bite or with a fever: this can be an infection of the tendon sheath, which can destroy the tendon within hours; go to A&E (UK) or the emergency room (US) now',
    'Triggering that is painful or gets in the way of work or daily activities',
    'Symptoms that have not settled after several weeks of rest and splinting',
  ],
  engineNames: ['Trigger Finger'],
};

export const dupuytrensContracture: ConditionInfo = {
  slug: 'dupuytrens-contracture',
  name: "Dupuytren's Contracture",
  metaTitle: "Dupuytren's Contracture: Symptoms and Treatment",
  metaDescription:
    "Dupuytren's contracture slowly pulls fingers into the palm. Learn the early signs, when treatment is offered and what the options are.",
  category: 'hand',
  summary:
    "Dupuytren's contracture is a thickening of the tissue under the skin of the palm. It forms lumps and cords that can slowly pull one or more fingers into a bent position, most often the ring and little fingers. It is usually painless, runs in families and is more common in men over 50. Treatment is usually offered once a bent finger gets in the way of everyday life.",
  symptoms: [
    'Firm lumps (nodules) in the palm, often near the base of the ring or little finger',
    'Thick, tight cords under the skin running from the palm into one or more fingers',
    'Fingers that gradually bend towards the palm and cannot be fully straightened',
    'Difficulty laying your hand flat on a table, putting on gloves, shaking hands or putting your hand in a pocket',
    'Dimpling or puckering of the skin of the palm',
    'Lumps that may be tender at first, although the condition is usually painless',
  ],
  treatments: [
    'Keeping an eye on it: many people have lumps that never bend the fingers and need no treatment',
    'Needle fasciotomy: after an injection to numb the hand (local anaesthetic), a needle is used to weaken and break the tight cord so the finger can straighten',
    'An operation to cut out the thickened tissue (fasciectomy), usually followed by hand therapy and a splint worn at night for a while',
    'Hand therapy after treatment to regain movement and help keep the finger straight',
    'In some countries, an enzyme injection that softens the cord is available',
  ],
  faqs: [
    {
      question: 'Can stretching or massage stop it getting worse?',
      answer:
        'There is no good evidence that stretching, massage or splinting alone prevents the condition from progressing. They can, however, help keep the hand moving after treatment.',
    },
    {
      question: 'When should I consider treatment?',
      answer:
        'A common guide is when you can no longer lay your hand flat on a table, or when the bent fingers make everyday tasks difficult. Getting advice earlier is sensible if the middle joint of a finger is bending, because that joint is harder to straighten once it has been bent for a long time.',
    },
    {
      question: 'Can it come back after treatment?',
      answer:
        'Yes. Treatment straightens the finger but does not cure the underlying tendency, so the condition can return in the same or another finger over the following years. It can usually be treated again.',
    },
    {
      question: 'What causes it?',
      answer:
        'The main factor is the genes you inherit. It is also more common in people with diabetes, in people who smoke and in people who drink a lot of alcohol. Everyday hand use does not cause it, although some studies link it to many years of heavy manual work with vibrating tools.',
    },
  ],
  whenToSeekHelp: [
    'You can no longer lay your hand flat on a table',
    'A finger is bending quickly, or the middle joint of a finger has started to bend',
    'The bent fingers are getting in the way of work, self-care or hobbies',
    'After treatment, a fingertip that turns pale, white, blue or cold: go to A&E (UK) or the emergency room (US) now',
    'After treatment, a wound that becomes red, hot, swollen or leaks fluid, or a fever: contact your care team straight away, or go to A&E (UK) or the emergency room (US) if you cannot reach them',
  ],
  engineNames: ["Dupuytren's Contracture"],
};

export const malletFinger: ConditionInfo = {
  slug: 'mallet-finger',
  name: 'Mallet Finger',
  metaTitle: 'Mallet Finger: Drooping Fingertip After an Injury',
  metaDescription:
    'Mallet finger leaves the fingertip drooping after a knock. Learn why it needs prompt splinting, how long healing takes and when to get help.',
  category: 'hand',
  summary:
    'Mallet finger is an injury to the tendon that straightens the end joint of a finger. A knock to the tip of a straight finger, for example from a ball, can tear the tendon or pull off a small piece of bone, so the tip droops and will not straighten. Most mallet fingers heal well without an operation. The end joint must be kept straight in a splint, day and night, for about 6 to 8 weeks.',
  symptoms: [
    'A fingertip that droops and cannot be straightened on its own',
    'Pain, swelling or bruising over the back of the end joint of the finger',
    'A fingertip that can be pushed straight with the other hand but falls back when let go',
    'Tenderness just behind the nail',
    'Symptoms that start after a knock or jamming injury to the tip of the finger',
    'If left untreated, the middle joint of the finger may gradually bend backwards (a "swan-neck" shape)',
  ],
  treatments: [
    'A splint that keeps the end joint straight all day and night for about six to eight weeks, followed by a further period of night-time splinting',
    'Keeping the fingertip supported straight whenever the splint is removed for cleaning, because letting it bend even once can delay healing',
    'An X-ray to check for a broken bone or a joint that is out of line',
    'Surgery in some cases, such as a large broken fragment, a joint that is out of line, or when a splint cannot be worn',
    'Hand therapy exercises to regain movement once the splinting period is over',
  ],
  faqs: [
    {
      question: 'How soon do I need to be seen?',
      answer:
        'As soon as you can, ideally the same day, at an urgent treatment centre or minor injuries unit (UK) or urgent care (US), so that an X-ray can check for a broken bone and a splint can be fitted. Treatment can still help if you are seen later, but the sooner the better.',
    },
    {
      question: 'Can I take the splint off to wash?',
      answer:
        'Only if you have been shown how. Rest the finger flat on a table so the tip stays straight while you clean and dry the skin and the splint, then put it back on without letting the tip bend.',
    },
    {
      question: 'What if I cannot bend the tip of my finger instead?',
      answer:
        'That is a different injury. If the fingertip will not bend on its own after a forceful grab, for example catching a shirt or jersey, the tendon that bends the finger may have torn away (sometimes called jersey finger). This needs urgent assessment, because any repair usually has to be done within days.',
    },
  ],
  whenToSeekHelp: [
    'Any fingertip that droops after an injury: go to an urgent treatment centre or minor injuries unit (UK) or urgent care (US), ideally the same day, for an X-ray and a splint',
    'An open wound, a lifted nail or bleeding under the nail: get care the same day',
    'A fingertip that will not bend on its own after a forceful grab: get urgent assessment, as this may be a torn bending tendon',
    'A finger that is badly out of shape, or cold, pale, blue or numb after an injury: go to A&E (UK) or the emergency room (US)',
  ],
  engineNames: ['Mallet Finger'],
};
