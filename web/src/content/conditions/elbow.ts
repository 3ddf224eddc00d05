import { type ConditionInfo } from '../types';

/**
 * How long tennis and golfer's elbow take to settle, said the same way wherever a guide says
 * it (NICE CKS: most people recover within a year; symptoms can last up to 2 years).
 */
export const ELBOW_TENDON_RECOVERY =
  'Most people are better within a year, but it can take up to 2 years.';

/** A torn biceps tendon at the elbow: repair works best when done early. */
export const BICEPS_POP_ADVICE =
  'A sudden "pop" at the front of the elbow while lifting, then bruising or a bulge in the upper arm, can be a torn biceps tendon: see a doctor within a few days, at an urgent treatment centre or your GP (UK) or urgent care or your doctor (US), because a repair works best within about 2 to 3 weeks of the injury';

/** Signs of an infected joint or tendon: an emergency in the hand and arm. */
export const INFECTED_ELBOW_ADVICE =
  'A hot, red, swollen elbow, especially with a fever or feeling unwell: go to A&E (UK) or the emergency room (US) now, as an infected joint needs treatment straight away';

export const tennisElbow: ConditionInfo = {
  slug: 'tennis-elbow-lateral-epicondylitis',
  name: 'Tennis Elbow (Lateral Epicondylitis)',
  metaTitle: 'Tennis Elbow (Lateral Epicondylitis): Symptoms and Treatment',
  metaDescription:
    'Tennis elbow causes pain on the outer side of the elbow when gripping or lifting. Learn what causes it, what helps and when to see a doctor.',
  category: 'elbow',
  summary: `Tennis elbow is pain on the outer side of the elbow. Doctors call it lateral epicondylitis: the tendons that fix the forearm muscles to the bony bump on the outside of the elbow get strained by too much gripping, lifting or twisting. Most people who get it do not play tennis, and it gets better with changes to how you use the arm and with exercises. ${ELBOW_TENDON_RECOVERY}`,
  symptoms: [
    'Pain and tenderness on the bony bump on the outside of the elbow',
    'Pain that may spread down the back of the forearm towards the wrist',
    'Pain when gripping, lifting, twisting or shaking hands, for example opening a jar or turning a door handle',
    'A weaker grip',
    'Pain when lifting with the palm facing down or bending the wrist back against resistance',
    'Aching or stiffness in the elbow, sometimes worse in the morning',
  ],
  treatments: [
    'Reducing or changing the activities that bring on the pain, without resting the arm completely',
    'A programme of gradually increasing strengthening exercises for the forearm muscles, often guided by a physiotherapist (physical therapist)',
    'Cold packs (wrapped in a cloth), simple painkillers or anti-inflammatory gels for short-term relief',
    'A forearm strap (counterforce brace) worn just below the elbow during activity',
    'A steroid injection, which may ease pain for a short time but is used less often now because pain frequently returns',
    'Surgery for the small number of people whose pain continues despite 6 to 12 months of good non-surgical treatment',
  ],
  faqs: [
    {
      question: 'How long does tennis elbow last?',
      answer: `${ELBOW_TENDON_RECOVERY} Most people get better without surgery. Changing how you use the arm and doing regular strengthening exercises can help it settle sooner.`,
    },
    {
      question: 'Should I stop using my arm?',
      answer:
        'Complete rest is not usually needed. Cut back on the activities that cause pain, keep the arm gently active and build strength gradually with exercises.',
    },
    {
      question: "What is the difference between tennis elbow and golfer's elbow?",
      answer:
        "Tennis elbow causes pain on the outer side of the elbow, where the muscles that straighten the wrist and fingers attach. Golfer's elbow causes pain on the inner side, where the muscles that bend the wrist and fingers attach. Both are overload problems and are treated in similar ways.",
    },
    {
      question: 'Can I keep playing sport or working?',
      answer:
        'Often yes, with changes. Adjusting technique, grip size, equipment or how tasks are done can reduce strain, and building back up gradually as the pain allows helps avoid flare-ups.',
    },
  ],
  whenToSeekHelp: [
    'Pain that has not improved after a few weeks of self-care',
    'Pain after a fall or injury, marked swelling, or an elbow that will not fully straighten or bend',
    BICEPS_POP_ADVICE,
    'Numbness, tingling or weakness in the hand',
    INFECTED_ELBOW_ADVICE,
    'Pain that regularly disturbs your sleep or stops you working',
  ],
  engineNames: ['Tennis Elbow (Lateral Epicondylitis)'],
};

export const golfersElbow: ConditionInfo = {
  slug: 'golfers-elbow-medial-epicondylitis',
  name: "Golfer's Elbow (Medial Epicondylitis)",
  metaTitle: "Golfer's Elbow (Medial Epicondylitis): Symptoms and Treatment",
  metaDescription:
    "Golfer's elbow causes pain on the inner side of the elbow when gripping or lifting. Learn what causes it, what helps and when to see a doctor.",
  category: 'elbow',
  summary: `Golfer's elbow is pain on the inner side of the elbow. Doctors call it medial epicondylitis: the tendons that fix the muscles that bend the wrist to the bony bump on the inside of the elbow get strained by too much gripping, lifting or throwing. Most people who get it do not play golf, and, like tennis elbow, it gets better with changes to how you use the arm and with exercises. ${ELBOW_TENDON_RECOVERY}`,
  symptoms: [
    'Pain and tenderness on the bony bump on the inside of the elbow',
    'Pain that may spread along the inner side of the forearm',
    'Pain when gripping, lifting, bending the wrist or turning the palm down',
    'A weaker grip',
    'Stiffness in the elbow, sometimes making it uncomfortable to make a fist',
    'Occasionally tingling in the ring and little fingers, because the ulnar nerve runs close by',
  ],
  treatments: [
    'Reducing or changing the activities that bring on the pain, without resting the arm completely',
    'Gradually increasing strengthening and stretching exercises, often guided by a physiotherapist (physical therapist)',
    'Cold packs (wrapped in a cloth), simple painkillers or anti-inflammatory gels for short-term relief',
    'A forearm strap worn just below the elbow during activity',
    'A steroid injection for short-term relief in some cases',
    'Surgery for the few people whose pain continues despite many months of non-surgical treatment',
  ],
  faqs: [
    {
      question: 'Do I have to play golf to get it?',
      answer:
        "No. Most people with golfer's elbow do not play golf. It can follow any activity that involves repeated gripping, lifting, throwing or using tools, including DIY, gardening and racket sports.",
    },
    {
      question: 'How is it different from cubital tunnel syndrome?',
      answer:
        "Golfer's elbow is a tendon problem that causes pain on the inner side of the elbow. Cubital tunnel syndrome is pressure on the ulnar nerve, which runs nearby, and mainly causes numbness and tingling in the ring and little fingers. The two can occur together.",
    },
    {
      question: 'How long does it take to get better?',
      answer: `${ELBOW_TENDON_RECOVERY} Most people get better without surgery.`,
    },
  ],
  whenToSeekHelp: [
    'Pain that has not improved after a few weeks of self-care',
    'Numbness or tingling in the ring and little fingers that does not go away, or weakness in the hand',
    'Pain after a fall, or marked swelling or bruising',
    BICEPS_POP_ADVICE,
    INFECTED_ELBOW_ADVICE,
  ],
  engineNames: ["Golfer's Elbow (Medial Epicondylitis)"],
};

export const cubitalTunnelSyndrome: ConditionInfo = {
  slug: 'cubital-tunnel-syndrome',
  name: 'Cubital Tunnel Syndrome',
  metaTitle: 'Cubital Tunnel Syndrome: Numb Ring and Little Fingers',
  metaDescription:
    'Cubital tunnel syndrome is pressure on the ulnar nerve at the elbow, causing numb ring and little fingers. Learn the signs, treatments and red flags.',
  category: 'elbow',
  summary:
    "Cubital tunnel syndrome happens when the ulnar nerve, the 'funny bone' nerve, is squeezed or stretched where it runs behind the inner side of the elbow. It causes numbness and tingling in the ring and little fingers and, if it goes on, a weak hand. It is often worse when the elbow stays bent for a long time, such as when you hold a phone or sleep with bent arms. Mild cases often get better with simple changes, and an operation can help if the nerve stays squeezed.",
  symptoms: [
    'Numbness or tingling in the ring and little fingers',
    'Symptoms that are worse when the elbow is bent for long periods, such as on the phone, driving or at night',
    'An aching pain on the inner side of the elbow',
    'Clumsiness, a weaker grip or pinch, or dropping things',
    'Difficulty with fine movements such as doing up buttons, typing or playing an instrument',
    'In advanced cases, thinning of the muscles between the thumb and index finger, or the ring and little fingers curling',
  ],
  treatments: [
    'Avoiding leaning on the elbow and not keeping it bent for long periods',
    'Keeping the elbow straighter at night, for example with a splint or a towel loosely wrapped around the arm',
    'Nerve gliding exercises taught by a hand therapist or physiotherapist',
    'Changes to your desk, phone use (a headset or speaker) and driving position',
    'Surgery to release the pressure on the nerve or move it to a new position if there is weakness or symptoms persist',
  ],
  faqs: [
    {
      question: 'Is this the nerve I hit when I bang my "funny bone"?',
      answer:
        'Yes. The sharp tingling you feel when you knock the inner side of your elbow comes from the ulnar nerve, the same nerve that is affected in cubital tunnel syndrome.',
    },
    {
      question: 'How is it different from carpal tunnel syndrome?',
      answer:
        'Carpal tunnel syndrome involves the median nerve at the wrist and affects the thumb, index and middle fingers. Cubital tunnel syndrome involves the ulnar nerve at the elbow and affects the ring and little fingers. Some people have both.',
    },
    {
      question: 'Will I need surgery?',
      answer:
        'Not always. Mild symptoms often improve over a few months by avoiding pressure on the elbow and keeping it straighter at night. Surgery is usually considered if there is weakness, muscle thinning, or symptoms that do not improve.',
    },
  ],
  whenToSeekHelp: [
    'Weakness, thinning of the hand muscles or fingers starting to curl',
    'Numbness that is there all the time',
    'Symptoms that start after an elbow injury or fracture',
    'Sudden numbness or weakness of the arm with a drooping face or slurred speech: call 999 (UK) or 911 (US) straight away, as this may be a stroke',
  ],
  engineNames: ['Cubital Tunnel Syndrome'],
};

export const elbowArthritis: ConditionInfo = {
  slug: 'elbow-arthritis',
  name: 'Elbow Arthritis',
  metaTitle: 'Elbow Arthritis: Pain, Stiffness and Treatment',
  metaDescription:
    'Elbow arthritis causes pain, stiffness and loss of movement in the elbow. Learn the common causes, treatment options and when to see a doctor.',
  category: 'elbow',
  summary:
    'Elbow arthritis is damage to the smooth lining of the elbow joint (the cartilage), so the elbow gets stiff and sore. Often it is wear and tear (osteoarthritis) from years of hard work or throwing sports, or from an old injury. It can also come from a disease that makes joints swell, such as rheumatoid arthritis. Many people do well by changing how they use the arm, with exercises and pain relief, and an operation can help if it gets bad.',
  symptoms: [
    'Pain in the elbow, often at the end of movement when fully straightening or bending the arm',
    'Stiffness and loss of the ability to fully straighten or bend the elbow',
    'Swelling around the joint',
    'Locking or catching, which can be caused by loose pieces of bone or cartilage',
    'A grinding or grating feeling when moving the elbow',
    'Numbness or tingling in the ring and little fingers if the swollen joint presses on the ulnar nerve',
    'Pain at night or at rest in more advanced cases',
  ],
  treatments: [
    'Changing or pacing activities, such as avoiding heavy lifting with the arm straight',
    'Painkillers or anti-inflammatory medicines, if they are safe for you',
    'Physiotherapy (physical therapy) to keep the elbow moving and the surrounding muscles strong',
    'A steroid injection into the joint for a flare of pain',
    'Medicines from a rheumatology team if the arthritis is inflammatory',
    'Surgery, such as keyhole surgery to remove loose pieces and bone spurs, or elbow replacement in selected cases',
  ],
  faqs: [
    {
      question: 'Is elbow arthritis common?',
      answer:
        'It is less common than arthritis of the hip, knee or hand. It often follows an old elbow injury, years of heavy manual work or throwing sports, or rheumatoid arthritis.',
    },
    {
      question: 'Can I keep working with elbow arthritis?',
      answer:
        'Many people can, sometimes with changes to heavy or repetitive tasks. A physiotherapist or occupational therapist can suggest ways to reduce the strain on the joint.',
    },
    {
      question: 'Will I need an elbow replacement?',
      answer:
        'Most people do not. Elbow replacement is usually kept for severe arthritis that has not responded to other treatment, and it often comes with lifelong limits on heavy lifting. Keyhole surgery may help people whose main problem is locking or blocked movement.',
    },
  ],
  whenToSeekHelp: [
    INFECTED_ELBOW_ADVICE,
    'An elbow that locks and will not move, or a sudden loss of movement',
    'Numbness, tingling or weakness in the hand',
    'An elbow that looks out of shape after a fall: go to A&E (UK) or the emergency room (US)',
    'Pain and swelling after a fall: get it checked the same day at an urgent treatment centre or minor injuries unit (UK) or urgent care (US)',
    'Pain or stiffness that stops you doing everyday tasks',
  ],
  engineNames: ['Elbow Arthritis'],
};
