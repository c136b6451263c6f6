/** Placeholder until the tool editor lands (issue 3). */
export function ToolsView() {
  return <section aria-label="Tools">Tools</section>;
}
