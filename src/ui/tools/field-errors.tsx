/**
 * Errors shown next to a field; the id is referenced by the input's aria-describedby, so the list is always there
 * (empty when the field is fine): a description must never point at nothing, and an alert that already exists is
 * read out when its first error arrives.
 */
export function FieldErrors({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  return (
    <ul id={id} className="tool-field-errors" role="alert">
      {(messages ?? []).map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}
