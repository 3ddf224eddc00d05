/*
 * Teasers on the /symptom-checker landing page. The spec names them by short slugs
 * ('arthritis', 'tennis-elbow', ...); they point straight at the canonical pages so that no
 * link needs a redirect.
 */
export const LANDING_TEASERS: readonly { label: string; path: string }[] = [
  { label: 'Carpal Tunnel Syndrome', path: '/conditions/carpal-tunnel-syndrome' },
  { label: 'Trigger Finger', path: '/conditions/trigger-finger' },
  { label: "Dupuytren's Contracture", path: '/conditions/dupuytrens-contracture' },
  { label: 'Arthritis', path: '/conditions/hand-wrist-arthritis' },
  { label: "De Quervain's Tenosynovitis", path: '/conditions/de-quervains-tenosynovitis' },
  { label: 'Tennis Elbow', path: '/conditions/tennis-elbow-lateral-epicondylitis' },
  { label: "Golfer's Elbow", path: '/conditions/golfers-elbow-medial-epicondylitis' },
  { label: 'Ganglion Cyst', path: '/conditions/ganglion-cyst' },
];
