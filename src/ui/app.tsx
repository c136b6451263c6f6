import { lazy, Suspense } from 'react';
import { useUiStore } from '../store/ui-store';
import { useRunStore } from '../store/run/run-store';
import { TabBar, tabButtonId, tabPanelId } from './shell/tab-bar';
import { useSessionsDrawer } from './shell/sessions-drawer';
import { SettingsDialog } from './settings/settings-dialog';
import { ChatView } from './chat/chat-view';
import { ImportDropZone } from './io/import-drop-zone';
import { StorageBanner } from './shell/storage-banner';
import { NotHere } from './address/not-here';
import { UpdateBanner } from './shell/update-banner';
import { SyncButton } from './sync/sync-button';
import { SkipLink } from './shell/skip-link';

// Views other than the chat load on first open, keeping them (and ajv, the tool editor) out of the first page load.
const TimelineView = lazy(() => import('./timeline/timeline-view').then((m) => ({ default: m.TimelineView })));
const ToolsView = lazy(() => import('./tools/tools-view').then((m) => ({ default: m.ToolsView })));
const MemoriesView = lazy(() => import('./memory/memories-view').then((m) => ({ default: m.MemoriesView })));
const TestsView = lazy(() => import('./evals/tests-view').then((m) => ({ default: m.TestsView })));
const TracesView = lazy(() => import('./traces/traces-view').then((m) => ({ default: m.TracesView })));
const SaveCaseDialog = lazy(() => import('./evals/save-case-dialog').then((m) => ({ default: m.SaveCaseDialog })));
const CompareView = lazy(() => import('./compare/compare-view').then((m) => ({ default: m.CompareView })));
// Loaded on the first "Replay run" (architecture.md, "Replay").
const ReplayPanel = lazy(() => import('./replay/replay-panel'));
// A share link's reader (decryption, checks, the read-only view) loads only when a link is opened.
const SharedSessionView = lazy(() => import('./share/share-ui').then((m) => ({ default: m.SharedSessionView })));

export function App() {
  const tab = useUiStore((s) => s.tab);
  const sessionId = useUiStore((s) => s.currentSessionId);
  const openSettings = useUiStore((s) => s.openSettings);
  const overlay = useUiStore((s) => s.overlay);
  const sessions = useSessionsDrawer();
  const replaying = useRunStore((s) => Object.keys(s.replays).length > 0);
  const saveCase = useUiStore((s) => s.saveCase);

  return (
    <div className="app">
      <SkipLink />
      {sessions.drawer}
      <div className="main">
        <header className="top-bar">
          {sessions.toggle}
          <h1 className="brand">Toolscope</h1>
          <TabBar />
          <SyncButton />
          <button type="button" className="settings-button" onClick={() => openSettings()}>
            Settings
          </button>
        </header>
        <StorageBanner />
        <UpdateBanner />
        {/* One main landmark around the views; the views' own elements and hooks (section.chat) stay inside it. */}
        <main className="views">
          {/* Above the views, so it stays on screen in the Chat and the Timeline alike. */}
          {replaying && (
            <Suspense fallback={null}>
              <ReplayPanel />
            </Suspense>
          )}
          {overlay ? (
            <div className="panel">
              <Suspense fallback={<p className="empty">Loading…</p>}>
                {overlay.kind === 'compare' ? (
                  <CompareView a={overlay.a} b={overlay.b} />
                ) : overlay.kind === 'shared' ? (
                  <SharedSessionView key={overlay.opened} />
                ) : (
                  <NotHere what={overlay} />
                )}
              </Suspense>
            </div>
          ) : (
            <div role="tabpanel" id={tabPanelId(tab)} aria-labelledby={tabButtonId(tab)} className="panel">
              {tab === 'chat' && <ChatView sessionId={sessionId} />}
              <Suspense fallback={<p className="empty">Loading…</p>}>
                {tab === 'timeline' && <TimelineView sessionId={sessionId} />}
                {tab === 'tools' && <ToolsView />}
                {tab === 'memories' && <MemoriesView />}
                {tab === 'tests' && <TestsView />}
                {tab === 'traces' && <TracesView />}
              </Suspense>
            </div>
          )}
        </main>
      </div>
      <SettingsDialog />
      {saveCase && (
        <Suspense fallback={null}>
          <SaveCaseDialog key={`${saveCase.sessionId}/${saveCase.messageId}`} target={saveCase} />
        </Suspense>
      )}
      <ImportDropZone />
    </div>
  );
}
