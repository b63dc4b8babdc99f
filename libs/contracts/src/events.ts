/**
 * Domain events: facts one service announces and others react to. Each travels
 * on NATS JetStream as an envelope on the subject `<prefix>.<type>`, published
 * from the emitting service's outbox with Nats-Msg-Id = envelope id.
 */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  data: EventDataMap[T];
}

export interface EventDataMap {
  'user-registered': { userId: string; email: string; firstName: string | null; lastName: string | null };
  'user-security-event': { userId: string; reason: 'logout' | 'password-changed' | 'password-reset' };
  'project-created': { projectId: string; userId: string; name: string };
  'project-deleted': { projectId: string; userId: string };
  'document-uploaded': { documentId: string; projectId: string; userId: string; filetype: string };
  /** Also sent again when a document is re-analysed (units or scale set by the user); revision counts up from 1. */
  'document-analyzed': { documentId: string; projectId: string; status: 'analyzed' | 'failed'; revision?: number };
  'document-deleted': { documentId: string; projectId: string };
  /** A chat message (the user's or the assistant's) was stored in the project. */
  'message-posted': { messageId: string; projectId: string };
  'material-added': { materialId: string; projectId: string };
  /** A hand takeoff item was created, changed (its geometry, name, or its page's scale) or deleted. */
  'takeoff-item-changed': { itemId: string; documentId: string; projectId: string };
  'estimate-generated': { estimateId: string; projectId: string };
  'subscription-confirmed': SubscriptionEventData;
  'subscription-updated': SubscriptionEventData;
  'subscription-cancelled': SubscriptionEventData;
}

export interface SubscriptionEventData {
  userId: string;
  plan: 'monthly' | 'quarterly' | 'yearly';
  status: string;
  /** Trial end or next billing date, ISO 8601; null when nothing is due. */
  currentPeriodEnd: string | null;
}

export type EventType = keyof EventDataMap;
