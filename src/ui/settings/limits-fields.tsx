import type { ReactNode } from 'react';
import type { SessionDefaults } from '../../store/settings/settings-store';

type NumberKey = 'maxTurns' | 'maxToolCallsPerTurn' | 'repeatCallLimit';

const LIMITS: { key: NumberKey; label: string; min: number; max: number }[] = [
  { key: 'maxTurns', label: 'Max turns', min: 1, max: 500 },
  { key: 'maxToolCallsPerTurn', label: 'Max tool calls per turn', min: 1, max: 100 },
  // The repeated-call guard (architecture.md, "Repeated-call guard"); 0 turns it off.
  { key: 'repeatCallLimit', label: 'Repeated call limit', min: 0, max: 100 },
];

/** `children`: more run limits, placed after the tool timeout. */
export function LimitsFields({
  value,
  onChange,
  children,
}: {
  value: SessionDefaults;
  onChange: (v: SessionDefaults) => void;
  children?: ReactNode;
}) {
  return (
    <fieldset className="limits">
      <legend>Limits and sampling</legend>
      <label className="field">
        Temperature
        <input
          type="number"
          min={0}
          max={2}
          step={0.1}
          placeholder="provider default"
          value={value.temperature ?? ''}
          onChange={(e) =>
            onChange({ ...value, temperature: e.target.value === '' ? null : clamp(Number(e.target.value), 0, 2) })
          }
        />
      </label>
      {LIMITS.map((l) => (
        <label className="field" key={l.key}>
          {l.label}
          <input
            type="number"
            min={l.min}
            max={l.max}
            step={1}
            value={value[l.key]}
            onChange={(e) => onChange({ ...value, [l.key]: clamp(Math.round(Number(e.target.value)), l.min, l.max) })}
          />
        </label>
      ))}
      <label className="field">
        Tool timeout (seconds)
        <input
          type="number"
          min={1}
          max={600}
          step={1}
          value={Math.round(value.toolTimeoutMs / 1000)}
          onChange={(e) =>
            onChange({ ...value, toolTimeoutMs: clamp(Math.round(Number(e.target.value)), 1, 600) * 1000 })
          }
        />
      </label>
      {children}
    </fieldset>
  );
}

function clamp(n: number, min: number, max: number): number {
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, n));
}
