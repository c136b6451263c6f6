export function isAuthScenario(scenario: string): boolean {
  return scenario.startsWith('auth/');
}
export async function runAuthScenario(scenario: string, _url: string): Promise<void> {
  throw new Error(`auth flow not yet wired for ${scenario}`);
}
