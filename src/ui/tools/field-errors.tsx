/** Errors shown next to a field; the id is referenced by the input's aria-describedby. */
export function FieldErrors({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <ul id={id} className="tool-field-errors" role="alert">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}
