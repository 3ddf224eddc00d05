import { cleanText } from '@handcheck/diagnosis';
import { canonicalAllowedLink } from './links';
import { type EngineConditionName } from './site';
import { type ResourceGroups, type ResourceLink } from './types';

/*
 * Curated outside reading per engine condition. Only pages known to exist are named; where
 * no specific page could be relied on, the link goes to a site's index or search page.
 * "Videos" point at illustrated patient guides on OrthoInfo or Mayo Clinic, whose pages carry
 * the diagrams and videos; no video address is guessed.
 */

const link = (name: string, url: string): ResourceLink => ({ name, url });

const nhs = (path: string, title: string) => link(`NHS: ${title}`, `https://www.nhs.uk/${path}/`);
const medlinePlus = (topic: string, title: string) =>
  link(`MedlinePlus: ${title}`, `https://medlineplus.gov/${topic}.html`);
const mayo = (path: string, title: string) =>
  link(`Mayo Clinic: ${title}`, `https://www.mayoclinic.org/diseases-conditions/${path}`);
const orthoInfo = (slug: string, title: string) =>
  link(
    `OrthoInfo (AAOS): ${title}, illustrated guide`,
    `https://orthoinfo.aaos.org/en/diseases--conditions/${slug}/`,
  );
const statPearls = (id: string, title: string) =>
  link(
    `StatPearls (NCBI Bookshelf): ${title}, for health professionals`,
    `https://www.ncbi.nlm.nih.gov/books/${id}/`,
  );
const pubMed = (query: string) =>
  link(
    `PubMed: research on ${query}`,
    `https://pubmed.ncbi.nlm.nih.gov/?term=${encodeURIComponent(query)}`,
  );

const ASSH_CONDITIONS = link(
  'ASSH HandCare: hand and arm conditions explained by hand surgeons',
  'https://www.assh.org/handcare/conditions',
);
const BSSH = link(
  'British Society for Surgery of the Hand (UK): patient information',
  'https://www.bssh.ac.uk/',
);
const BSSH_HAND_FRACTURES = link(
  'BSSH: General information on hand fractures',
  'https://www.bssh.ac.uk/patients/conditions/31/general_information_on_hand_fractures',
);
const AAOS = link('American Academy of Orthopaedic Surgeons', 'https://www.aaos.org/');
const ORTHOINFO_HOME = link(
  'OrthoInfo (AAOS): patient guides and videos',
  'https://orthoinfo.aaos.org/',
);

const NHS_OSTEOARTHRITIS = nhs('conditions/osteoarthritis', 'Osteoarthritis');
const NHS_HAND_PAIN = nhs('symptoms/hand-pain', 'Hand pain');
const NHS_GANGLION = nhs('conditions/ganglion-cyst', 'Ganglion cyst');
const NHS_TENDONITIS = nhs('conditions/tendonitis', 'Tendonitis');
const MEDLINE_OSTEOARTHRITIS = medlinePlus('osteoarthritis', 'Osteoarthritis');
const MEDLINE_ELBOW = medlinePlus('elbowinjuriesanddisorders', 'Elbow injuries and disorders');
const MEDLINE_HAND = medlinePlus('handinjuriesanddisorders', 'Hand injuries and disorders');
const MEDLINE_WRIST = medlinePlus('wristinjuriesanddisorders', 'Wrist injuries and disorders');
const MEDLINE_FINGER = medlinePlus('fingerinjuriesanddisorders', 'Finger injuries and disorders');
const MEDLINE_FRACTURES = medlinePlus('fractures', 'Fractures');
const MAYO_GANGLION = mayo('ganglion-cyst/symptoms-causes/syc-20351156', 'Ganglion cyst');
const CDC_ARTHRITIS = link('CDC: Arthritis', 'https://www.cdc.gov/arthritis/');
const ORTHOINFO_GANGLION = orthoInfo(
  'ganglion-cyst-of-the-wrist-and-hand',
  'Ganglion cyst of the wrist and hand',
);

const catalogue = {
  'Carpal Tunnel Syndrome': {
    medical: [
      nhs('conditions/carpal-tunnel-syndrome', 'Carpal tunnel syndrome'),
      mayo('carpal-tunnel-syndrome/symptoms-causes/syc-20355603', 'Carpal tunnel syndrome'),
      medlinePlus('carpaltunnelsyndrome', 'Carpal tunnel syndrome'),
      link(
        'National Institute of Neurological Disorders and Stroke (NIH): Carpal tunnel syndrome',
        'https://www.ninds.nih.gov/health-information/disorders/carpal-tunnel-syndrome',
      ),
    ],
    specialist: [
      link(
        'BSSH: Carpal tunnel syndrome',
        'https://www.bssh.ac.uk/patients/conditions/21/carpal_tunnel_syndrome',
      ),
      ASSH_CONDITIONS,
    ],
    videos: [orthoInfo('carpal-tunnel-syndrome', 'Carpal tunnel syndrome')],
    additional: [
      statPearls('NBK448179', 'Carpal tunnel syndrome'),
      pubMed('carpal tunnel syndrome'),
    ],
  },
  'Cubital Tunnel Syndrome': {
    medical: [MEDLINE_ELBOW, medlinePlus('peripheralnervedisorders', 'Peripheral nerve disorders')],
    specialist: [ASSH_CONDITIONS, BSSH],
    videos: [
      orthoInfo('ulnar-nerve-entrapment-at-the-elbow', 'Ulnar nerve entrapment at the elbow'),
    ],
    additional: [
      statPearls('NBK555929', 'Ulnar nerve entrapment'),
      pubMed('cubital tunnel syndrome'),
    ],
  },
  'Trigger Finger': {
    medical: [nhs('conditions/trigger-finger', 'Trigger finger'), MEDLINE_HAND],
    specialist: [ASSH_CONDITIONS, BSSH],
    videos: [orthoInfo('trigger-finger', 'Trigger finger')],
    additional: [statPearls('NBK459310', 'Trigger finger'), pubMed('trigger finger')],
  },
  "De Quervain's Tenosynovitis": {
    medical: [NHS_TENDONITIS, medlinePlus('tendinitis', 'Tendinitis'), MEDLINE_WRIST],
    specialist: [
      link(
        "BSSH: De Quervain's syndrome",
        'https://www.bssh.ac.uk/patients/conditions/19/de_quervains_syndrome',
      ),
      ASSH_CONDITIONS,
    ],
    videos: [orthoInfo('de-quervains-tendinosis', "De Quervain's tendinosis")],
    additional: [
      statPearls('NBK442005', 'De Quervain tenosynovitis'),
      pubMed('de Quervain tenosynovitis'),
    ],
  },
  'Tennis Elbow (Lateral Epicondylitis)': {
    medical: [
      nhs('conditions/tennis-elbow', 'Tennis elbow'),
      mayo('tennis-elbow/symptoms-causes/syc-20351987', 'Tennis elbow'),
      MEDLINE_ELBOW,
    ],
    specialist: [AAOS, ASSH_CONDITIONS],
    videos: [
      orthoInfo('tennis-elbow-lateral-epicondylitis', 'Tennis elbow (lateral epicondylitis)'),
    ],
    additional: [pubMed('lateral epicondylitis')],
  },
  "Golfer's Elbow (Medial Epicondylitis)": {
    medical: [
      mayo('golfers-elbow/symptoms-causes/syc-20372868', "Golfer's elbow"),
      MEDLINE_ELBOW,
      NHS_TENDONITIS,
    ],
    specialist: [AAOS, ASSH_CONDITIONS],
    videos: [ORTHOINFO_HOME],
    additional: [pubMed('medial epicondylitis')],
  },
  "Dupuytren's Contracture": {
    medical: [nhs('conditions/dupuytrens-contracture', "Dupuytren's contracture"), MEDLINE_HAND],
    specialist: [
      link(
        "ASSH HandCare: Dupuytren's contracture",
        'https://www.assh.org/handcare/condition/dupuytrens-contracture',
      ),
      BSSH,
    ],
    videos: [ORTHOINFO_HOME],
    additional: [statPearls('NBK526074', 'Dupuytren contracture'), pubMed('Dupuytren contracture')],
  },
  'Ganglion Cyst': {
    medical: [NHS_GANGLION, MAYO_GANGLION, MEDLINE_WRIST],
    specialist: [ASSH_CONDITIONS, BSSH],
    videos: [ORTHOINFO_GANGLION],
    additional: [pubMed('ganglion cyst wrist')],
  },
  'Hand and Wrist Arthritis': {
    medical: [
      NHS_OSTEOARTHRITIS,
      nhs('conditions/rheumatoid-arthritis', 'Rheumatoid arthritis'),
      MEDLINE_OSTEOARTHRITIS,
      CDC_ARTHRITIS,
    ],
    specialist: [ASSH_CONDITIONS, BSSH],
    videos: [
      orthoInfo('arthritis-of-the-hand', 'Arthritis of the hand'),
      orthoInfo('arthritis-of-the-wrist', 'Arthritis of the wrist'),
    ],
    additional: [
      link('NIAMS (NIH): Osteoarthritis', 'https://www.niams.nih.gov/health-topics/osteoarthritis'),
      pubMed('hand osteoarthritis'),
    ],
  },
  'Thumb Arthritis': {
    medical: [NHS_OSTEOARTHRITIS, MEDLINE_OSTEOARTHRITIS],
    specialist: [
      link(
        'BSSH: Basal thumb arthritis',
        'https://www.bssh.ac.uk/patients/conditions/24/basal_thumb_arthritis',
      ),
      ASSH_CONDITIONS,
    ],
    videos: [orthoInfo('arthritis-of-the-thumb', 'Arthritis of the thumb')],
    additional: [CDC_ARTHRITIS, pubMed('thumb carpometacarpal osteoarthritis')],
  },
  'Elbow Arthritis': {
    medical: [NHS_OSTEOARTHRITIS, MEDLINE_ELBOW, CDC_ARTHRITIS],
    specialist: [AAOS, ASSH_CONDITIONS],
    videos: [orthoInfo('arthritis-of-the-elbow', 'Arthritis of the elbow')],
    additional: [
      link(
        'NIAMS (NIH): Rheumatoid arthritis',
        'https://www.niams.nih.gov/health-topics/rheumatoid-arthritis',
      ),
      pubMed('elbow osteoarthritis'),
    ],
  },
  'Mallet Finger': {
    medical: [nhs('conditions/mallet-finger', 'Mallet finger'), MEDLINE_FINGER],
    specialist: [ASSH_CONDITIONS, BSSH],
    videos: [orthoInfo('mallet-finger-baseball-finger', 'Mallet finger (baseball finger)')],
    additional: [pubMed('mallet finger')],
  },
  'Jersey Finger': {
    medical: [MEDLINE_FINGER, NHS_HAND_PAIN],
    specialist: [ASSH_CONDITIONS, BSSH],
    videos: [ORTHOINFO_HOME],
    additional: [statPearls('NBK545291', 'Jersey finger'), pubMed('jersey finger')],
  },
  'Scaphoid Fracture': {
    medical: [
      nhs('conditions/broken-arm-or-wrist', 'Broken arm or wrist'),
      MEDLINE_WRIST,
      MEDLINE_FRACTURES,
    ],
    specialist: [BSSH_HAND_FRACTURES, ASSH_CONDITIONS],
    videos: [orthoInfo('scaphoid-fracture-of-the-wrist', 'Scaphoid fracture of the wrist')],
    additional: [statPearls('NBK536907', 'Scaphoid wrist fracture'), pubMed('scaphoid fracture')],
  },
  'Broken Bone or Tendon/Ligament Injury': {
    medical: [
      nhs('conditions/broken-finger', 'Broken finger or thumb'),
      nhs('conditions/sprains-and-strains', 'Sprains and strains'),
      MEDLINE_FRACTURES,
      medlinePlus('sprainsandstrains', 'Sprains and strains'),
    ],
    specialist: [BSSH_HAND_FRACTURES, ASSH_CONDITIONS],
    videos: [
      orthoInfo('hand-fractures', 'Hand fractures'),
      orthoInfo('distal-radius-fractures-broken-wrist', 'Distal radius fractures (broken wrist)'),
    ],
    additional: [orthoInfo('wrist-sprains', 'Wrist sprains')],
  },
  'Mucous Cyst': {
    medical: [NHS_GANGLION, MAYO_GANGLION, MEDLINE_OSTEOARTHRITIS],
    specialist: [ASSH_CONDITIONS, BSSH],
    videos: [ORTHOINFO_GANGLION],
    additional: [pubMed('digital mucous cyst')],
  },
  'Glomus Tumour': {
    medical: [medlinePlus('naildiseases', 'Nail diseases'), NHS_HAND_PAIN],
    specialist: [ASSH_CONDITIONS, BSSH],
    videos: [ORTHOINFO_HOME],
    additional: [
      link(
        'PubMed Central: Glomus tumor, a review for health professionals',
        'https://pmc.ncbi.nlm.nih.gov/articles/PMC4567371/',
      ),
      pubMed('glomus tumor hand'),
    ],
  },
  'Skin Lesion/Lump': {
    medical: [
      mayo('skin-cancer/symptoms-causes/syc-20377605', 'Skin cancer'),
      medlinePlus('skincancer', 'Skin cancer'),
      nhs('conditions/non-melanoma-skin-cancer', 'Non-melanoma skin cancer'),
    ],
    specialist: [ASSH_CONDITIONS, BSSH],
    videos: [ORTHOINFO_HOME],
    additional: [nhs('conditions/melanoma-skin-cancer', 'Melanoma skin cancer')],
  },
} satisfies Record<EngineConditionName, ResourceGroups>;

/** Keyed by the 18 engine condition names; `satisfies` above makes a missing name a type error. */
export const resourceCatalogue: Readonly<Record<string, ResourceGroups>> = catalogue;

const NAME_MAX = 200;

function safeLinks(links: readonly ResourceLink[] | undefined): ResourceLink[] {
  const safe: ResourceLink[] = [];
  for (const entry of links ?? []) {
    const name = cleanText(entry?.name, NAME_MAX);
    const url = typeof entry?.url === 'string' ? canonicalAllowedLink(entry.url) : null;
    if (name && url) safe.push({ name, url });
  }
  return safe;
}

/**
 * A copy of `groups` that is safe to render: names cleaned of markup, links that fail the
 * allow-list (or have no name left) dropped, URLs in canonical form.
 */
export function sanitiseResourceGroups(groups: ResourceGroups): ResourceGroups {
  const safe: ResourceGroups = {
    medical: safeLinks(groups.medical),
    specialist: safeLinks(groups.specialist),
    videos: safeLinks(groups.videos),
  };
  if (groups.additional) safe.additional = safeLinks(groups.additional);
  return safe;
}

function emptyGroups(): ResourceGroups {
  return { medical: [], specialist: [], videos: [] };
}

/** Safe resources for an engine condition name; empty groups for a name not in the catalogue. */
export function resourcesFor(engineName: string): ResourceGroups {
  const key = typeof engineName === 'string' ? engineName.trim() : '';
  // hasOwn keeps 'constructor', '__proto__' and friends from resolving to Object.prototype.
  if (!Object.hasOwn(resourceCatalogue, key)) return emptyGroups();
  const groups = resourceCatalogue[key];
  return groups ? sanitiseResourceGroups(groups) : emptyGroups();
}
