import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Chat Completions request as the `openai` library sends it. */
export interface CompletionRequest {
  authorization?: string;
  body: {
    model: string;
    messages: Array<{
      role: string;
      content: string | null;
      tool_call_id?: string;
      tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
    }>;
    tools?: Array<{ type: string; function: { name: string } }>;
    tool_choice?: unknown;
  };
}

/** What the model does next: call tools, answer, fail with an HTTP status, or hang. */
export type ModelTurn =
  | { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> }
  | { content: string }
  | { status: number }
  | { hangMs: number };

/**
 * A local server speaking the OpenAI Chat Completions protocol (the stand-in
 * for the OpenAI API: the service reaches it through the real `openai` library
 * via AI_BASE_URL). `next` scripts the model from the request it gets.
 */
export class FakeChatCompletions {
  readonly requests: CompletionRequest[] = [];
  next: (request: CompletionRequest) => ModelTurn = () => ({ content: 'Hello.' });
  private server!: Server;
  private calls = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
          return;
        }
        const request: CompletionRequest = {
          authorization: req.headers.authorization,
          body: JSON.parse(raw) as CompletionRequest['body'],
        };
        this.requests.push(request);
        const turn = this.next(request);
        if ('hangMs' in turn) {
          const timer = setTimeout(() => res.writeHead(200).end('{}'), turn.hangMs);
          res.on('close', () => clearTimeout(timer));
          return;
        }
        if ('status' in turn) {
          res
            .writeHead(turn.status, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'The model is overloaded', type: 'server_error' } }));
          return;
        }
        const message =
          'content' in turn
            ? { role: 'assistant', content: turn.content }
            : {
                role: 'assistant',
                content: null,
                tool_calls: turn.toolCalls.map((call) => ({
                  id: `call_${++this.calls}`,
                  type: 'function',
                  function: { name: call.name, arguments: JSON.stringify(call.arguments) },
                })),
              };
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-${this.requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: request.body.model,
            choices: [{ index: 0, message, finish_reason: 'content' in turn ? 'stop' : 'tool_calls', logprobs: null }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The JSON result the service fed back for the tool call of that id. */
export function toolResult(request: CompletionRequest, name: string): Record<string, unknown> | undefined {
  const calls = request.body.messages.flatMap((m) => m.tool_calls ?? []);
  const call = calls.findLast((c) => c.function.name === name);
  const result = call && request.body.messages.find((m) => m.role === 'tool' && m.tool_call_id === call.id);
  return result ? (JSON.parse(result.content ?? '{}') as Record<string, unknown>) : undefined;
}
