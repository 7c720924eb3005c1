import { useState } from 'preact/hooks';
import { get } from '../api.ts';
import { go } from '../router.ts';
import { useAsync } from '../ui.tsx';
import { QuickAdd } from './Memories.tsx';
import type { Capabilities, MemoryList, ThreadList } from '../types.ts';

/** A command to paste, with a button that copies it. */
function Command({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <div class="command">
      <code aria-label={label}>{text}</code>
      <button type="button" class="secondary small" onClick={copy}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

/** Whether the store is empty (no memory in any state, no thread), and whether the server wants an API key. */
async function firstRun(signal: AbortSignal) {
  const [memories, threads, caps] = await Promise.all([
    get<MemoryList>('/memories?limit=1&state=all', signal),
    get<ThreadList>('/threads?limit=1', signal),
    get<Capabilities>('/capabilities', signal),
  ]);
  const empty = memories.memories.length === 0 && threads.threads.length === 0;
  return { empty, keyed: caps.features.auth_required };
}

/** First run: while the store is empty, three ways to start, each with the action or command that does it. */
export function Welcome() {
  const state = useAsync(firstRun, []);
  if (!state.data?.empty) return null;
  const mcp = `${location.origin}/mcp/`;
  const header = state.data.keyed ? ' --header "Authorization: Bearer <your API key>"' : '';
  return (
    <section class="welcome card" aria-label="Getting started">
      <h2>Welcome to Cairn</h2>
      <p class="muted">Nothing is stored yet. Three ways to start:</p>
      <ol class="steps">
        <li>
          <strong>Add a memory</strong> — write it here (Markdown; labels are optional):
          <QuickAdd space="default" onAdded={() => go('#/memories')} />
          or from a terminal: <code>nmem m add "We deploy on Fridays"</code>
        </li>
        <li>
          <strong>Connect an assistant over MCP</strong>, so it saves and recalls memories by itself. For Claude Code, run:
          <Command label="Claude Code MCP command" text={`claude mcp add --transport http cairn ${mcp}${header}`} />
          For Claude Desktop, Cursor, Codex or Gemini CLI, this prints the configuration to paste (and says where):
          <Command label="MCP configuration command" text="cairn mcp-config --client cursor" />
          <span class="muted small">
            (<code>--client claude-desktop</code>, <code>codex</code>, <code>gemini-cli</code>; or <code>nmem config mcp --host cursor</code> from the nmem command line.)
          </span>
        </li>
        <li>
          <strong>Import a conversation</strong> — save a coding assistant's current session as a thread, in its project folder:
          <Command label="Session import command" text="nmem t save --from claude-code" />
          <span class="muted small">
            (<code>--from codex</code> or <code>gemini-cli</code>; <code>nmem t import chat.md</code> imports a Markdown or JSON conversation file.)
          </span>
        </li>
      </ol>
    </section>
  );
}
