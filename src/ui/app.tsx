import { TimelineView } from './timeline/timeline-view';
import { ToolsView } from './tools/tools-view';
import { useUiStore } from '../store/ui-store';
import { TabBar, tabButtonId, tabPanelId } from './shell/tab-bar';
import { SessionsSidebar } from './sessions/sessions-sidebar';
import { SettingsDialog } from './settings/settings-dialog';
import { ChatView } from './chat/chat-view';
import { ImportDropZone } from './io/import-drop-zone';
import { MemoriesView } from './memory/memories-view';

export function App() {
  const tab = useUiStore((s) => s.tab);
  const sessionId = useUiStore((s) => s.currentSessionId);
  const openSettings = useUiStore((s) => s.openSettings);

  return (
    <div className="app">
      <SessionsSidebar />
      <div className="main">
        <header className="top-bar">
          <h1 className="brand">Toolscope</h1>
          <TabBar />
          <button type="button" className="settings-button" onClick={() => openSettings()}>
            Settings
          </button>
        </header>
        <div role="tabpanel" id={tabPanelId(tab)} aria-labelledby={tabButtonId(tab)} className="panel">
          {tab === 'chat' && <ChatView sessionId={sessionId} />}
          {tab === 'timeline' && <TimelineView sessionId={sessionId} />}
          {tab === 'tools' && <ToolsView />}
          {tab === 'memories' && <MemoriesView />}
        </div>
      </div>
      <SettingsDialog />
      <ImportDropZone />
    </div>
  );
}
