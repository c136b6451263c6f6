/**
 * The session file's schema for raw traffic (docs/wire-capture.md, "Kept, bounded"): one captured exchange as
 * `domain/wire-exchange.ts` has it, a secret header never with its value. Part of schema-source.ts's `definitions`.
 */
import { count, list, ms, nullable, obj, str, tagged, type Schema } from './schema-builders';

type Limits = {
  readonly id: number;
  readonly name: number;
  readonly shortText: number;
  readonly smallList: number;
  readonly events: number;
  readonly wireText: number;
};

/** A header as it went over the wire: a secret one names its shell variable and never carries its value. */
function wireHeader(limits: Limits): Schema {
  return {
    ...obj(
      {
        name: str(limits.name),
        value: str(limits.shortText),
        secret: obj({ variable: str(limits.name), prefix: str(limits.name) }, ['prefix']),
      },
      ['secret'],
    ),
    if: { properties: { secret: { type: 'object' } }, required: ['secret'] },
    then: { properties: { value: { maxLength: 0 } } },
  };
}

/** One captured exchange (domain/wire-exchange.ts): the request as sent, the response as it arrived, read by read. */
export function wireExchangeSchema(limits: Limits): Schema {
  const id = () => str(limits.id);
  const headers = list(wireHeader(limits), limits.smallList);
  const text = str(limits.wireText);
  return obj(
    {
      id: id(),
      sessionId: id(),
      owner: tagged(
        'kind',
        {
          model: { runId: id(), messageId: id(), attempt: count(), turn: count() },
          tool: { runId: id(), callId: id() },
          mcp: { serverId: id() },
          comparison: { comparisonId: id(), index: count() },
        },
        { model: ['turn'] },
      ),
      startedAt: ms(),
      request: obj({
        method: str(limits.name),
        url: str(limits.shortText),
        headers,
        body: nullable(obj({ encoding: { enum: ['utf8', 'base64'] }, data: text })),
      }),
      response: obj(
        {
          status: { type: 'integer', minimum: 0, maximum: 999 },
          headers,
          headersAtMs: ms(),
          reads: list(obj({ atMs: ms(), text, encoding: { const: 'base64' } }, ['encoding']), limits.events),
          endedAtMs: ms(),
          droppedBytes: count(),
        },
        ['endedAtMs', 'droppedBytes'],
      ),
      failure: str(limits.shortText),
    },
    ['response', 'failure'],
  );
}
