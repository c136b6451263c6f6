/** "Received 12,345 bytes of 50,000": an HTTP tool's live progress, in whole bytes so it moves visibly. */
export function bytesReceivedText(received: number, total?: number | null): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return total !== undefined && total !== null
    ? `Received ${n(received)} bytes of ${n(total)}`
    : `Received ${n(received)} bytes`;
}
