import type { SessionDefaults } from '../../store/settings/settings-store';

export type RunKnobKey = 'topP' | 'maxRetries' | 'toolConcurrency' | 'toolOutputLimitBytes';

/**
 * A run setting typed as text and checked before Save. `scale` turns the shown unit into the stored one
 * (kilobytes to bytes); `optional`: an empty field means "not sent" (the provider's default).
 */
export type RunKnobField = {
  key: RunKnobKey;
  label: string;
  name: string;
  min: number;
  max: number;
  integer: boolean;
  scale: number;
  optional: boolean;
};

export const RUN_KNOB_FIELDS: readonly RunKnobField[] = [
  { key: 'topP', label: 'Top P', name: 'top P', min: 0, max: 1, integer: false, scale: 1, optional: true },
  {
    key: 'maxRetries',
    label: 'Retries',
    name: 'number of retries',
    min: 0,
    max: 10,
    integer: true,
    scale: 1,
    optional: false,
  },
  {
    key: 'toolConcurrency',
    label: 'Tools run at once',
    name: 'number of tools run at once',
    min: 1,
    max: 16,
    integer: true,
    scale: 1,
    optional: false,
  },
  {
    key: 'toolOutputLimitBytes',
    label: 'Tool output limit (KB)',
    name: 'tool output limit',
    min: 1,
    max: 1024,
    integer: true,
    scale: 1024,
    optional: false,
  },
];

export type RunKnobTexts = Record<RunKnobKey, string>;
type RunKnobValues = Pick<SessionDefaults, RunKnobKey>;
type KnobCheck = { ok: true; value: number | null } | { ok: false; error: string };

/** Reads one field; an error says what to type instead. */
export function checkKnob(text: string, field: Omit<RunKnobField, 'key'>): KnobCheck {
  const trimmed = text.trim();
  const range = `from ${field.min} to ${field.max}`;
  const what = field.integer ? 'a whole number' : 'a number';
  if (trimmed === '')
    return field.optional
      ? { ok: true, value: null }
      : { ok: false, error: `Enter the ${field.name}, ${what} ${range}.` };
  const n = Number(trimmed);
  if (!Number.isFinite(n) || n < field.min || n > field.max || (field.integer && !Number.isInteger(n))) {
    return {
      ok: false,
      error: `The ${field.name} must be ${what} ${range}${field.optional ? ', or empty for the provider’s default' : ''}.`,
    };
  }
  return { ok: true, value: n * field.scale };
}

/** What the fields show for stored values. */
export function knobTexts(v: RunKnobValues): RunKnobTexts {
  return {
    topP: v.topP === null ? '' : String(v.topP),
    maxRetries: String(v.maxRetries),
    toolConcurrency: String(v.toolConcurrency),
    toolOutputLimitBytes: String(Math.max(1, Math.round(v.toolOutputLimitBytes / 1024))),
  };
}

/** The values to save, or the first field that is wrong. */
export function readKnobs(texts: RunKnobTexts): { ok: true; values: RunKnobValues } | { ok: false; key: RunKnobKey } {
  const out: Partial<Record<RunKnobKey, number | null>> = {};
  for (const field of RUN_KNOB_FIELDS) {
    const check = checkKnob(texts[field.key], field);
    if (!check.ok) return { ok: false, key: field.key };
    out[field.key] = check.value;
  }
  return {
    ok: true,
    values: {
      topP: out.topP ?? null,
      maxRetries: out.maxRetries ?? 0,
      toolConcurrency: out.toolConcurrency ?? 1,
      toolOutputLimitBytes: out.toolOutputLimitBytes ?? 1024,
    },
  };
}
