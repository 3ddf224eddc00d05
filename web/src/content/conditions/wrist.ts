import { type ConditionInfo } from '../types';

/** Where intersection syndrome hurts, said the same way in its summary and its symptoms. */
export const INTERSECTION_PLACE =
  'about 4 to 8 cm (2 to 3 inches) above the wrist on the thumb side';

export const carpalTunnelSyndrome: ConditionInfo = {
  slug: 'carpal-tunnel-syndrome',
  name: 'Carpal Tunnel Syndrome',
  metaTitle: 'Carpal Tunnel Syndrome: Symptoms, Causes and Treatment',
  metaDescription:
    'Carpal tunnel syndrome causes numbness, tingling and pain in the thumb and fingers, often at night. Learn the signs, treatments and when to get help.',
  category: 'wrist',
  summary:
    'Carpal tunnel syndrome happens when a nerve is squeezed where it passes through the wrist. This nerve, the median nerve, runs through a narrow gap on the palm side of the wrist called the carpal tunnel. It causes numbness, tingling and pain in the thumb and the first two or three fingers, often worse at night. It is common in middle age and in pregnancy, and many people get better with a splint worn at night, or with a short operation if it does not go away.',
  symptoms: [
    'Numbness, tingling or "pins and needles" in the thumb, index finger, middle finger and the thumb side of the ring finger',
    'Symptoms that wake you at night or are worse first thing in the morning, often eased by shaking or hanging the hand',
    'Aching or burning pain in the hand or wrist that may spread up the forearm',
    'A weaker grip or clumsiness, such as dropping things or difficulty doing up buttons',
    'Symptoms brought on by holding a phone, book or steering wheel for a while',
    'In long-standing cases, shrinking of the muscles at the base of the thumb',
  ],
  treatments: [
    'A wrist splint worn at night to keep the wrist straight and ease pressure on the nerve',
    'Changing or pacing activities that involve bending the wrist, prolonged gripping or vibrating tools',
    'A steroid injection into the carpal tunnel, which may relieve symptoms for weeks to months',
    'Hand therapy or physiotherapy (physical therapy), including nerve and tendon gliding exercises',
    'Carpal tunnel release: a short operation, usually under local anaesthetic, to take pressure off the nerve when symptoms are severe, constant or not improving',
    'Managing conditions that can contribute, such as an underactive thyroid, diabetes or arthritis',
  ],
  faqs: [
    {
      question: 'Is carpal tunnel syndrome caused by typing?',
      answer:
        'Usually not on its own. The shape of your wrist, pregnancy, diabetes, an underactive thyroid, arthritis, being overweight, a previous wrist fracture and work with vibrating tools or forceful, repetitive gripping all play a part. Keyboard and mouse use can make existing symptoms more noticeable.',
    },
    {
      question: 'Will it go away on its own?',
      answer:
        'Sometimes. Symptoms that start during pregnancy often settle within a few months of the birth, and mild symptoms may ease with a night splint. Numbness that becomes constant, or weakness in the hand, should be checked, because long-lasting pressure can permanently damage the nerve.',
    },
    {
      question: 'How is it diagnosed?',
      answer:
        'A doctor or hand therapist can usually diagnose it from your symptoms and an examination of the hand. Nerve conduction studies or an ultrasound scan are sometimes used to confirm it, judge how severe it is, or rule out a trapped nerve in the neck or elbow.',
    },
    {
      question: 'How long does recovery from surgery take?',
      answer:
        'Most people can use the hand for light tasks within days, and night-time tingling often improves quickly. Grip strength and tenderness around the scar can take several months to settle. When you can return to work depends on your job.',
    },
  ],
  whenToSeekHelp: [
    'Numbness that is there all the time rather than coming and going',
    'Weakness, dropping things, or shrinking of the muscles at the base of the thumb',
    'Symptoms that keep disturbing your sleep, or have not improved after a few weeks of wearing a night splint',
    'Numbness or tingling together with neck pain, or spreading to other parts of your body: ask your GP or primary care doctor to check for another nerve problem',
    'Sudden numbness or weakness of the hand or arm with a drooping face or slurred speech: call 999 (UK) or 911 (US) straight away, as this may be a stroke',
  ],
  engineNames: ['Carpal Tunnel Syndrome'],
};

export const deQuervainsTenosynovitis: ConditionInfo = {
  slug: 'de-quervains-tenosynovitis',
  name: "De Quervain's Tenosynovitis",
  metaTitle: "De Quervain's Tenosynovitis: Thumb-Side Wrist Pain",
  metaDescription:
    "De Quervain's tenosynovitis causes pain on the thumb side of the wrist when gripping or lifting. Learn the signs, treatments and when to get help.",
  category: 'wrist',
  summary:
    "De Quervain's tenosynovitis is pain on the thumb side of the wrist. Two tendons, the cords that move the thumb, run there through a tunnel called a sheath, and tenosynovitis means that this sheath has become swollen and sore. Moving the thumb or turning the wrist then hurts, and it is common in new parents who lift a baby many times a day. Most people get better with a splint, by changing how they use the hand, or with a steroid injection.",
  symptoms: [
    'Pain and tenderness on the thumb side of the wrist, near the base of the thumb',
    'Pain when gripping, pinching, lifting (for example a baby or a kettle) or turning the wrist',
    'Swelling over the thumb side of the wrist, sometimes with a small, tender lump',
    'A catching, creaking or "sticking" feeling when moving the thumb',
    'Pain that may spread into the thumb or up the forearm',
    'Sharp pain when the thumb is folded into the palm and the wrist is bent towards the little finger',
  ],
  treatments: [
    'A splint that supports the thumb and wrist to rest the tendons, often for a few weeks',
    'Avoiding or changing movements that bring on the pain, such as lifting with the thumb stretched out',
    'Cold packs (wrapped in a cloth) and simple painkillers or anti-inflammatory gels for short-term relief; if you are pregnant or breastfeeding, ask a pharmacist, midwife or doctor before using an anti-inflammatory gel or tablet, as they are not usually advised in pregnancy',
    'A steroid injection into the tendon sheath, which helps many people',
    'Hand therapy with gentle exercises once the pain has settled',
    'A small operation to release the tendon sheath if symptoms persist despite other treatment',
  ],
  faqs: [
    {
      question: 'Why do new parents often get it?',
      answer:
        "Lifting a baby with the thumbs spread apart puts repeated strain on these tendons, and hormonal changes during and after pregnancy may also play a part. Lifting with the palms under the baby's bottom and back, rather than under the arms, can ease the strain.",
    },
    {
      question: 'Is it the same as thumb arthritis?',
      answer:
        "No, although both cause pain near the base of the thumb. Thumb arthritis affects the joint where the thumb meets the wrist and is more common after 50, often with a grinding feeling. De Quervain's affects the tendons along the side of the wrist. A clinician can usually tell them apart by examining the hand, sometimes with an X-ray.",
    },
    {
      question: 'How long does it take to get better?',
      answer:
        'Mild cases often settle within a few weeks of resting the thumb in a splint. Some people need an injection, and a few have symptoms for several months.',
    },
  ],
  whenToSeekHelp: [
    'Pain after a fall on an outstretched hand, especially if it is tender in the small hollow on the thumb side of the back of the wrist (the dip you see when you stretch your thumb out and up): get an X-ray the same day at an urgent treatment centre or minor injuries unit (UK) or urgent care (US), as a broken scaphoid (a small wrist bone) is easily missed',
    'Pain that has not improved after two to four weeks of rest and splinting',
    'Pain that stops you using your hand for everyday tasks',
    'Redness, heat and swelling with a fever or feeling unwell: this may be an infection; go to A&E (UK) or the emergency room (US) now',
  ],
  engineNames: ["De Quervain's Tenosynovitis"],
};

export const ganglionCyst: ConditionInfo = {
  slug: 'ganglion-cyst',
  name: 'Ganglion Cyst',
  metaTitle: 'Ganglion Cyst: Lumps on the Wrist and Fingers',
  metaDescription:
    'A ganglion cyst is a fluid-filled lump on the wrist or finger that is usually harmless. Learn what it feels like, when to treat it and which lumps to check.',
  category: 'wrist',
  summary:
    'A ganglion cyst is a smooth lump filled with a thick fluid, which grows from a joint or from the sheath around a tendon, most often on the wrist or at the base of a finger. Ganglions are usually harmless and are not cancer, but a doctor should check any new lump to be sure. They can grow, shrink or go away on their own, and many need no treatment. A small ganglion by the end joint of a finger is called a mucous cyst and is often linked to wear of that joint.',
  symptoms: [
    'A smooth, round lump, usually on the wrist or a finger, from the size of a pea to 2 or 3 cm (about an inch) across',
    'A lump that feels firm or rubbery and may get bigger or smaller over time',
    'An ache or discomfort, especially when the wrist is moved or pressed, for example during push-ups',
    'Tingling, numbness or weakness if the lump presses on a nearby nerve',
    'A small, hard, tender lump at the base of a finger that hurts when gripping',
    'Near the end joint of a finger (a mucous cyst): a lump that can thin the skin over it or cause a groove in the nail',
  ],
  treatments: [
    'Watching and waiting: many ganglions stay small, cause no trouble or go away on their own',
    'A splint for a short time if the lump is painful during activity',
    'Drawing off the fluid with a needle (aspiration), although the cyst often comes back',
    'Surgery to remove the cyst and its stalk from the joint or tendon if it is painful or in the way; it can still return afterwards',
    'For a mucous cyst, keeping the skin clean and covered and not puncturing it yourself; surgery may be advised if it leaks or keeps recurring',
  ],
  faqs: [
    {
      question: 'Is a ganglion cyst cancer?',
      answer:
        'No, ganglions are not cancer and are usually harmless. But a lump can only be called a ganglion once a doctor has checked it, so have any new lump checked by a GP or your doctor. Get it seen urgently if it is growing, is larger than about 5 cm (2 inches), feels hard or fixed, is painful at rest, or the skin over it changes colour.',
    },
    {
      question: 'Can I burst it myself?',
      answer:
        'No. Hitting a ganglion or pricking it with a needle at home can injure the hand or cause an infection, and the cyst usually comes back anyway.',
    },
    {
      question: 'Will it come back after treatment?',
      answer:
        'It can. Ganglions often return after the fluid is drawn off with a needle. Surgery lowers the chance of it coming back but does not remove it completely, and like any operation it has a recovery period and some risks.',
    },
    {
      question: 'What is a mucous cyst?',
      answer:
        'A mucous cyst is a small ganglion that grows from the end joint of a finger, usually in people over 40 with wear in that joint. If it breaks open and leaks clear, sticky fluid, keep it clean and covered and see a doctor, because infection can spread into the joint.',
    },
  ],
  whenToSeekHelp: [
    'Any new lump you have not had checked: see a GP or your doctor',
    'A lump that is growing, is larger than about 5 cm (2 inches), feels hard or fixed, has an irregular shape, or the skin over it changes colour: ask for an urgent appointment, as these lumps need checking quickly',
    'A lump together with numbness, tingling or weakness in the hand',
    'Redness, heat, swelling or pus around a lump, especially a mucous cyst that is leaking fluid: infection can spread into the joint; go to A&E (UK) or the emergency room (US) now',
    'Pain that stops you using your hand',
  ],
  engineNames: ['Ganglion Cyst', 'Mucous Cyst'],
};

export const handWristArthritis: ConditionInfo = {
  slug: 'hand-wrist-arthritis',
  name: 'Hand and Wrist Arthritis',
  metaTitle: 'Hand, Thumb and Wrist Arthritis: Symptoms and Treatment',
  metaDescription:
    'Arthritis in the hand, thumb or wrist causes pain, stiffness and swelling. Learn the common types, what helps day to day and when to see a doctor.',
  category: 'wrist',
  summary:
    'Arthritis means wear or swelling in a joint, and the hand and wrist have many small joints it can affect. The most common type, osteoarthritis, is wear of the joint: it often affects the end and middle finger joints and the joint at the base of the thumb. Types caused by swelling, such as rheumatoid arthritis, more often affect the knuckles and both wrists. Arthritis cannot usually be cured, but treatment can often ease the pain and help keep the hand working.',
  symptoms: [
    'Pain in the finger, thumb or wrist joints, often worse with use and eased by rest',
    'Stiffness, especially in the morning; stiffness lasting more than 30 minutes can be a sign of inflammatory arthritis',
    'Swollen joints, or firm, knobbly bony lumps at the end and middle finger joints',
    'Pain at the base of the thumb when pinching, turning a key or opening a jar',
    'A weaker grip and difficulty with fiddly tasks such as buttons',
    'Joints that grate or creak, or that gradually bend or drift out of line',
  ],
  treatments: [
    'Pacing activities and using gadgets such as jar openers, key turners and thicker-handled tools',
    'Hand exercises and joint protection advice from a hand therapist, occupational therapist or physiotherapist',
    'Splints, especially a thumb splint for pain at the base of the thumb',
    'Painkillers or anti-inflammatory gels, and warmth to ease stiffness',
    'A steroid injection into a particularly painful joint',
    'Disease-modifying medicines prescribed by a rheumatology team for inflammatory arthritis such as rheumatoid arthritis',
    'Surgery, such as joint fusion, joint replacement or removing a small bone at the base of the thumb, when other treatments no longer help',
  ],
  faqs: [
    {
      question: 'What is thumb arthritis?',
      answer:
        'It is wear of the joint where the thumb meets the wrist. It is common, especially in women over 50, and causes aching at the base of the thumb, weakness when pinching and sometimes a bony bump. A splint, exercises and an injection often help, and surgery is an option if pain remains severe.',
    },
    {
      question: 'How can I tell osteoarthritis from rheumatoid arthritis?',
      answer:
        'Osteoarthritis tends to cause short-lived stiffness and bony swelling at the finger ends and thumb base. Rheumatoid arthritis more often causes soft, warm swelling of the knuckles and wrists on both hands, morning stiffness lasting longer than 30 minutes and tiredness. A doctor can tell them apart with an examination, blood tests and X-rays.',
    },
    {
      question: 'Will using my hands make arthritis worse?',
      answer:
        'Regular, gentle movement usually helps by keeping joints flexible and muscles strong. It is sensible to pace heavy or repetitive tasks and to rest a joint during a flare.',
    },
    {
      question: 'Can diet or supplements help?',
      answer:
        'There is limited evidence that any supplement helps hand arthritis. A balanced diet supports general health, and a pharmacist can check that a supplement is safe with your other medicines.',
    },
  ],
  whenToSeekHelp: [
    'A single joint that suddenly becomes hot, red and swollen, especially with a fever or feeling unwell: go to A&E (UK) or the emergency room (US) now, as this can be an infected joint (it can also be gout)',
    'Several swollen, painful joints with morning stiffness lasting more than 30 minutes: see your GP or primary care doctor soon, because inflammatory arthritis is best treated early',
    'Pain or stiffness that stops you doing everyday tasks',
    'A finger or wrist that becomes misshapen after an injury',
  ],
  engineNames: ['Hand and Wrist Arthritis', 'Thumb Arthritis'],
};

export const guyonCanalSyndrome: ConditionInfo = {
  slug: 'guyon-canal-syndrome',
  name: "Guyon's Canal Syndrome",
  metaTitle: "Guyon's Canal Syndrome (Ulnar Tunnel Syndrome)",
  metaDescription:
    "Guyon's canal syndrome is pressure on the ulnar nerve at the wrist, causing numbness in the ring and little fingers. Learn the causes and treatments.",
  category: 'wrist',
  summary:
    "Guyon's canal syndrome (also called ulnar tunnel syndrome) happens when the ulnar nerve is squeezed in a small tunnel on the little-finger side of the wrist. It can make the ring and little fingers numb and tingly and the hand weak. It is much rarer than carpal or cubital tunnel syndrome. It often comes from long spells of pressure on the heel of the hand, for example from cycling or using tools, or from a ganglion cyst or an injury.",
  symptoms: [
    'Numbness or tingling in the little finger and the little-finger side of the ring finger',
    'Numbness that usually does not reach the back of the hand, unlike when the nerve is trapped at the elbow',
    'A weaker grip or pinch, or clumsiness with fine tasks',
    'Pain or tenderness on the little-finger side of the palm and wrist',
    'Symptoms that come on after cycling or after leaning on the heel of the hand',
    'In longer-standing cases, thinning of the hand muscles and difficulty spreading the fingers apart',
  ],
  treatments: [
    'Reducing pressure on the heel of the hand, for example with padded cycling gloves, changing hand position on handlebars, or using padded tool handles',
    'A wrist splint to rest the wrist, sometimes at night',
    'Simple painkillers or anti-inflammatory medicines for short-term relief, if they are safe for you',
    'Tests such as an ultrasound, an MRI scan or nerve conduction studies to look for a cause such as a ganglion cyst',
    'Surgery to release the tunnel or remove a cyst pressing on the nerve, if symptoms persist or the hand is getting weaker',
  ],
  faqs: [
    {
      question: 'How is it different from cubital tunnel syndrome?',
      answer:
        "Both involve the ulnar nerve and cause symptoms in the ring and little fingers. In cubital tunnel syndrome the nerve is trapped at the elbow, symptoms are often worse with the elbow bent, and the back of the hand can also feel numb. In Guyon's canal syndrome the problem is at the wrist and the back of the hand usually feels normal.",
    },
    {
      question: 'Why do cyclists get it?',
      answer:
        'Leaning on handlebars for long periods presses on the nerve at the wrist, which is why it is sometimes called "handlebar palsy". Padded gloves, a better-fitting bike and changing hand position often help.',
    },
    {
      question: 'Why did the symptom checker not list it?',
      answer:
        "HandCheck's questionnaire does not score Guyon's canal syndrome separately. Numbness in the ring and little fingers is usually matched to cubital tunnel syndrome, which is far more common. A clinician can tell the two apart by examining your hand and, if needed, with nerve tests.",
    },
    {
      question: 'Will it get better?',
      answer:
        'When it is caused by pressure, symptoms often improve over weeks to months once the pressure is removed. If a cyst or injury is pressing on the nerve, surgery may be needed.',
    },
  ],
  whenToSeekHelp: [
    'Weakness in the hand or thinning of the hand muscles',
    'Symptoms after a fall or an injury to the wrist, which can break a small bone next to the nerve',
    'Symptoms that have not settled within a few weeks of avoiding pressure on the wrist',
    'A lump on the wrist together with numbness or tingling in the fingers',
  ],
  engineNames: [],
};

export const intersectionSyndrome: ConditionInfo = {
  slug: 'intersection-syndrome',
  name: 'Intersection Syndrome',
  metaTitle: 'Intersection Syndrome: Forearm Pain Above the Wrist',
  metaDescription:
    'Intersection syndrome causes pain and creaking on the back of the forearm above the wrist after repetitive activity. Learn the signs and treatments.',
  category: 'wrist',
  summary: `Intersection syndrome is pain and swelling on the back of the forearm, ${INTERSECTION_PLACE}, where two groups of tendons cross. It usually follows a lot of wrist work, such as rowing, lifting weights, racket sports or heavy gardening. It is often mistaken for de Quervain's tenosynovitis, which hurts lower down, at the wrist itself. Rest and a splint usually help it settle within a few weeks.`,
  symptoms: [
    `Pain and tenderness on the back of the forearm, ${INTERSECTION_PLACE}`,
    'Swelling over the same area',
    'A creaking or squeaking feeling when the wrist is moved',
    'Pain when gripping, lifting or bending the wrist back',
    'Sometimes redness or warmth over the sore area',
    'A weaker grip because of the pain',
  ],
  treatments: [
    'Resting from the activity that brought it on',
    'A wrist splint, sometimes including the thumb, for a few weeks',
    'Cold packs (wrapped in a cloth) and simple painkillers or anti-inflammatory gels',
    'A steroid injection if symptoms do not settle with rest',
    'A gradual return to activity, with changes to technique or training load',
    'Surgery, rarely, for symptoms that persist despite other treatment',
  ],
  faqs: [
    {
      question: "How is it different from de Quervain's tenosynovitis?",
      answer:
        "Both affect tendons on the thumb side of the forearm. De Quervain's causes pain at the wrist near the base of the thumb, while intersection syndrome causes pain higher up the forearm, often with a creaking feeling when the wrist moves.",
    },
    {
      question: 'Who gets it?',
      answer:
        'It is most common in people who suddenly increase repetitive wrist work or training, such as rowers, paddlers, weightlifters, racket-sport players and people doing heavy gardening or building work.',
    },
    {
      question: 'Why did the symptom checker not list it?',
      answer:
        "HandCheck's questionnaire does not score intersection syndrome separately; its symptoms may be matched to de Quervain's tenosynovitis, which causes similar pain slightly lower down. A clinician can tell them apart by examining your forearm.",
    },
    {
      question: 'How long does recovery take?',
      answer:
        'Most people improve within a few weeks of rest and splinting. Returning to the activity gradually helps stop it coming back.',
    },
  ],
  whenToSeekHelp: [
    'Pain that has not improved after two weeks of rest',
    'Spreading redness, heat and swelling, or a fever: this may be an infection; go to A&E (UK) or the emergency room (US) now',
    'Pain that started after a fall or injury',
    'Numbness or tingling in the hand',
  ],
  engineNames: [],
};
