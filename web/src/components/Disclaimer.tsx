import { Notice } from './Notice';

/** The medical disclaimer of the landing pages. */
export function Disclaimer() {
  return (
    <Notice tone="warning" title="Medical disclaimer">
      <p>
        HandCheck gives general information only and is not a substitute for professional medical
        advice, diagnosis or treatment. It is intended for adults, not children.{' '}
        <strong>In an emergency, call 911</strong> (999 in the UK).
      </p>
    </Notice>
  );
}
