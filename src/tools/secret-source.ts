/**
 * Where an HTTP tool's secret header values come from. Tools never read storage: the store injects a source when a
 * run (or "Try it") starts, backed by the secrets table (db/tools-repo.ts, toolSecretSource). Values are never in
 * the definition, an export or the timeline (architecture.md, invariant 7).
 */
export interface SecretSource {
  /** The value stored for `headerName` of the tool with id `toolId`, or undefined when none is set. */
  headerSecret(toolId: string, headerName: string): Promise<string | undefined>;
}
