import { contextLimitFor } from '../../context/model-limits';

/** Per-session context window override; empty uses the model's known size. */
export function ContextLimitField({
  model,
  value,
  onChange,
}: {
  model: string;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  const known = contextLimitFor(model);
  return (
    <label className="field">
      Context limit (tokens)
      <input
        type="number"
        min={256}
        step={1}
        placeholder={`${known.tokens} (${known.source === 'fallback' ? 'unknown model: conservative default' : 'from the model name'})`}
        value={value ?? ''}
        onChange={(e) => {
          const n = Math.round(Number(e.target.value));
          onChange(e.target.value === '' || !Number.isFinite(n) || n <= 0 ? undefined : n);
        }}
      />
    </label>
  );
}
