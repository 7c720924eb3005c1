import type { ThreadMessageRecord, ThreadRecord } from '../../storage/ports.ts';

/** The thread as the reference's ThreadNode (create, get): `id` is the caller's `thread_id`. */
export function presentThreadNode(thread: ThreadRecord) {
  return {
    id: thread.thread_id,
    node_type: 'Thread' as const,
    thread_id: thread.thread_id,
    title: thread.title,
    summary: thread.summary,
    message_count: thread.message_count,
    participants: thread.participants,
    source: thread.source,
    space_id: thread.space_id,
    project: thread.project,
    workspace: thread.workspace,
    tool_version: thread.tool_version,
    import_date: thread.import_date,
    metadata: thread.metadata,
    is_favorite: thread.is_favorite,
    created_at: thread.created_at,
    updated_at: thread.updated_at,
    last_activity: thread.last_message_at ?? thread.updated_at,
  };
}

/** The thread as the reference's ThreadPublic (lists, favorites): `messages` is the message count, `date` the last activity. */
export function presentThreadPublic(thread: ThreadRecord) {
  return {
    id: thread.thread_id,
    thread_id: thread.thread_id,
    title: thread.title,
    summary: thread.summary,
    source: thread.source,
    messages: thread.message_count,
    message_count: thread.message_count,
    date: thread.updated_at,
    is_favorite: thread.is_favorite,
    space_id: thread.space_id,
    project: thread.project,
    workspace: thread.workspace,
    created_at: thread.created_at,
    updated_at: thread.updated_at,
    last_activity: thread.last_message_at ?? thread.updated_at,
  };
}

/** A message as the reference's MessageNode. */
export function presentMessage(message: ThreadMessageRecord, thread: ThreadRecord) {
  return {
    id: message.id,
    node_type: 'Message' as const,
    thread_id: thread.thread_id,
    role: message.role,
    content: message.content,
    order_index: message.position,
    timestamp: message.timestamp,
    token_count: message.token_count,
    external_id: message.external_id,
    metadata: message.metadata,
    created_at: message.created_at,
    updated_at: message.created_at,
  };
}
