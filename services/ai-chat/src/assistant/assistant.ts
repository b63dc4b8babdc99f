import type { DocumentLibrary } from './document-library';
import type { SourcedQuantity } from './sourced-quantity';
import type { ReplyQuantity } from './sources';

export type ResponseStyle = 'standard' | 'technical' | 'simple' | 'concise' | 'comprehensive';

/** What the assistant is given for one question. */
export interface AssistantRequest {
  question: string;
  /** The conversation before the question, oldest first: the user's last `contextSize` messages. */
  history: ReadonlyArray<{ sender: 'user' | 'ai'; content: string }>;
  preferences: { responseStyle: ResponseStyle; customPrompt?: string; documentFocus?: string };
  library: DocumentLibrary;
}

export interface AssistantReply {
  content: string;
  /** Every quantity the reply states, with the document and layer, block, page or sheet behind it. */
  quantities: Array<SourcedQuantity | ReplyQuantity>;
  provider: 'local' | 'openai';
  model?: string;
}

export interface Assistant {
  reply(request: AssistantRequest): Promise<AssistantReply>;
}

export const ASSISTANT = Symbol('ASSISTANT');

/** How each SPEC response style asks a reply to read. */
export const STYLE_GUIDES: Record<ResponseStyle, string> = {
  standard: 'Answer clearly: the quantities first, then a sentence or two on how they were measured.',
  technical:
    'Write for an experienced estimator: precise trade terms, the measurement basis of each figure (units, layers, blocks, sheets) and any assumption.',
  simple: 'Write for someone new to construction: plain words, no jargon, short sentences.',
  concise: 'Give only the quantities and their sources, with at most one sentence besides.',
  comprehensive:
    'Be thorough: every relevant quantity, how each was measured, the assumptions, the waste allowance an estimator would consider, and what to check on the drawings.',
};
