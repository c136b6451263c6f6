export function ChatView(_props: { sessionId: string | null }) {
  return (
    <section aria-label="Chat" className="chat">
      <textarea aria-label="Message" />
      <button type="button">Send</button>
    </section>
  );
}
