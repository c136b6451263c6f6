import { useId } from 'react';

export function SystemPromptField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>System prompt</label>
      <textarea
        id={id}
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Optional instructions sent first in every request"
      />
    </div>
  );
}
