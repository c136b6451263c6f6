type Switches = { toolsEnabled: boolean; memoryEnabled: boolean };

/** A session's tools and memory switches: some models refuse any request that offers tools. */
export function SessionSwitches({ value, onChange }: { value: Switches; onChange: (v: Switches) => void }) {
  return (
    <fieldset className="field">
      <legend>Tools and memory for this session</legend>
      <label className="field-row">
        <input
          type="checkbox"
          checked={value.toolsEnabled}
          onChange={(e) => onChange({ ...value, toolsEnabled: e.target.checked })}
        />
        Use tools
      </label>
      <label className="field-row">
        <input
          type="checkbox"
          checked={value.memoryEnabled}
          onChange={(e) => onChange({ ...value, memoryEnabled: e.target.checked })}
        />
        Use memory
      </label>
      <span className="hint">
        Without tools, requests offer none (needed for models that do not support tools). Without memory, nothing is
        recalled or remembered.
      </span>
    </fieldset>
  );
}
