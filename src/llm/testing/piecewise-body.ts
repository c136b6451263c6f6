/** Test-only: a response body that hands out `pieces` one per read, as a network would. */
export function piecewiseBody(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[i++];
      if (piece === undefined) controller.close();
      else controller.enqueue(piece);
    },
  });
}
