import { DEFAULT_RAW_TRAFFIC_LIMIT_BYTES, megabytesOf, RAW_TRAFFIC_LIMIT_MB } from '../../domain/raw-traffic-limit';
import type { RunKnobField } from './run-knobs';
import { checkKnob } from './run-knobs';
import { KnobField } from './run-knob-fields';

/** "Raw traffic kept per session (MB)" (docs/wire-capture.md, "Kept, bounded"): one limit for every session. */
const RAW_TRAFFIC_FIELD: Omit<RunKnobField, 'key'> = {
  label: 'Raw traffic kept per session (MB)',
  name: 'raw traffic kept per session',
  min: RAW_TRAFFIC_LIMIT_MB.min,
  max: RAW_TRAFFIC_LIMIT_MB.max,
  integer: false,
  scale: 1024 * 1024,
  optional: false,
};

/** What the field shows for a stored limit. */
export function rawTrafficText(bytes: number): string {
  return megabytesOf(bytes);
}

/** The limit to save in bytes, or null while the field is wrong. */
export function readRawTraffic(text: string): number | null {
  const check = checkKnob(text, RAW_TRAFFIC_FIELD);
  return check.ok ? Math.round(check.value ?? DEFAULT_RAW_TRAFFIC_LIMIT_BYTES) : null;
}

export function RawTrafficField(p: {
  text: string;
  onChange: (text: string) => void;
  inputRef: (input: HTMLInputElement | null) => void;
}) {
  return (
    <>
      <KnobField field={RAW_TRAFFIC_FIELD} text={p.text} onChange={p.onChange} inputRef={p.inputRef} />
      <p className="hint">
        For every session: the requests and responses “Request and response” shows. Past it the oldest go first.
      </p>
    </>
  );
}
