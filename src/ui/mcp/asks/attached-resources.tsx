import { detachResource, useResourceAttachments } from '../../../store/mcp/mcp-face';
import './attached-resources.css';

/** The resources attached to the next message, each removable. */
export function ResourceChipList() {
  const items = useResourceAttachments((s) => s.items);
  if (items.length === 0) return null;
  return (
    <ul className="resource-chips" aria-label="Attached resources">
      {items.map((item) => (
        <li key={item.id} className="resource-chip" title={item.uri}>
          {item.name} <span className="hint">· {item.serverLabel}</span>
          {item.preview && <span className="hint resource-chip-preview">{item.preview}</span>}
          <button
            type="button"
            className="link"
            aria-label={`Remove ${item.name}`}
            onClick={() => detachResource(item.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
